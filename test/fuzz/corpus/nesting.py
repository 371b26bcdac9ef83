x = ((((1))))
y = [i for i in range(3) if i]
z = {k: v for k, v in d.items()}
