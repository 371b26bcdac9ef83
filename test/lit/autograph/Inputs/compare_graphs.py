"""Compares the traces in a `kiln dump --stage=graph` output: node counts,
and whether the dumps are identical once trip counts are masked."""
import re
import sys

text = open(sys.argv[1]).read()
traces = [t for t in re.split(r"^// .*$", text, flags=re.M) if t.strip()]
counts = [t.count("node {") for t in traces]
same = len(set(counts)) == 1
print(f"{len(traces)} traces, nodes per trace: {counts}",
      "same" if same else "differ")
if same:
    masked = {re.sub(r"\d+", "N", t) for t in traces}
    print("identical apart from the trip count" if len(masked) == 1
          else "different")
