# str.casefold folds beyond lowercase: sharp s, ligatures, long s, final
# sigma, micro sign.
print("Straße".casefold(), "ﬁne".casefold(), "ΣΑΣ".casefold(), "µ".casefold())
print("STRASSE".casefold() == "straße".casefold(), "ſ".casefold(), "ŉ".casefold())
print("ǅ".casefold(), "ÉCOLE".casefold(), "ß".lower(), "ß".upper())
