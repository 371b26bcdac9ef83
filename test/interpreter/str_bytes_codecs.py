# bytes.decode and str.encode with UTF-8, ASCII and Latin-1, and errors=
# 'strict', 'ignore' and 'replace', with CPython's messages.
print(b"caf\xc3\xa9".decode(), b"caf\xc3\xa9".decode("utf-8"), b"abc".decode("ascii"))
print(b"a\xe9b".decode("latin-1"), "é€".encode("utf-8"), "é".encode("latin-1"), "abc".encode("ascii"))
print(b"a\xffb".decode("ascii", "ignore"), b"a\xffb".decode("utf-8", "replace"), b"a\xffb".decode(errors="ignore"))
print("naïve café".encode("ascii", "replace"), "naïve".encode("ascii", errors="ignore"))
for data, codec in [(b"\xff", "utf-8"), (b"a\xe9b", "utf-8"), (b"ab\xe2\x82", "utf-8"),
                    (b"x\xe9", "ascii"), (b"\xed\xa0\x80", "utf-8")]:
    try:
        data.decode(codec)
    except UnicodeDecodeError as e:
        print("UnicodeDecodeError:", e, isinstance(e, ValueError))
for text, codec in [("é", "ascii"), ("€", "latin-1"), ("ok😀", "ascii")]:
    try:
        text.encode(codec)
    except UnicodeEncodeError as e:
        print("UnicodeEncodeError:", e)
try:
    b"x".decode("klingon")
except LookupError as e:
    print("LookupError:", e)
print(b"\xe2\x82\xac".decode("UTF8"), "€".encode("utf_8"), b"\xe9".decode("ISO-8859-1"))
print(bytes("é", "latin-1"), bytes("abc", encoding="ascii"), bytes("é", "utf-8"))
try:
    bytes("é", "ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
