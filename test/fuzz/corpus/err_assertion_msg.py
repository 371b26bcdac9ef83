# Uncaught AssertionError with a message from a failed assert.
def withdraw(balance, amount):
    balance -= amount
    assert balance >= 0, 'balance must be non-negative'
    return balance
def main():
    b = 100
    for amount in [30, 50, 40]:
        b = withdraw(b, amount)
        print('balance', b)
main()
