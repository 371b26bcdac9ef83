# A bank account simulation: inheritance, class counters, __str__, context manager transactions, assertions.
class InsufficientFunds(ValueError):
    pass
class Account:
    next_id = 1
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
        self.id = Account.next_id
        Account.next_id += 1
        self.log = []
    def deposit(self, amount):
        assert amount > 0, 'deposit must be positive'
        self.balance += amount
        self.log.append(('deposit', amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f'{self.owner} has {self.balance}, needs {amount}')
        self.balance -= amount
        self.log.append(('withdraw', amount))
    def __str__(self):
        return f'#{self.id} {self.owner}: {self.balance}'
class Savings(Account):
    rate = 0.02
    def add_interest(self):
        interest = round(self.balance * self.rate, 2)
        self.deposit(interest)
        return interest
class Transaction:
    def __init__(self, account):
        self.account = account
    def __enter__(self):
        self.saved = self.account.balance
        self.saved_log = list(self.account.log)
        return self.account
    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.account.balance = self.saved
            self.account.log = self.saved_log
            print('rolled back:', exc)
            return True
        print('committed')
        return False
a = Account('ann', 100)
s = Savings('bob', 1000)
print(a)
print(s)
with Transaction(a) as acct:
    acct.deposit(50)
    acct.withdraw(30)
print(a, a.log)
with Transaction(a) as acct:
    acct.withdraw(100)
    acct.withdraw(100)
print(a, a.log)
with Transaction(s) as acct:
    acct.deposit(-5)
print(s.add_interest(), s)
print(isinstance(s, Account), Savings.rate, s.log)
