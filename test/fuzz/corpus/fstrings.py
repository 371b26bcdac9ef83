x = f"{a!r:>{w}.{p}f} {{}} {b[0]}"
y = rb"\x00" + br"\d"
