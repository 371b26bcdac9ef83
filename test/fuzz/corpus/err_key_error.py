# Uncaught KeyError: a missing dict key looked up in a nested call.
prices = {'apple': 3, 'pear': 4}
def price_of(name):
    return prices[name]
def total(basket):
    result = 0
    for name in basket:
        result += price_of(name)
        print(name, result)
    return result
total(['apple', 'pear', 'mango'])
