if a:
	b
        c
