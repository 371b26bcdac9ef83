# NumPy's nan-functions warn once for empty or all-NaN slices (All-NaN
# slice encountered, Mean of empty slice, Degrees of freedom <= 0) and
# keep their inner divisions quiet.
import numpy as np
m = np.array([[1.0, np.nan], [np.nan, np.nan]])
print(np.nanmax(m, axis=1), np.nanmin(m, axis=0))
print(np.nanmax(np.array([np.nan, np.nan])))
print(np.nanmean(m, axis=1))
print(np.nanmean(np.array([np.nan])))
print(np.nansum(m, axis=1))
print(np.nanvar(np.array([2.0, np.nan]), ddof=1))
