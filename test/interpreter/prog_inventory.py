# A small inventory program combining classes, dicts, sorting, formatting and custom exceptions.
class OutOfStock(Exception):
    def __init__(self, item, wanted, have):
        super().__init__(item, wanted, have)
        self.item = item
    def __str__(self):
        return f'{self.args[0]}: wanted {self.args[1]}, have {self.args[2]}'
class Item:
    def __init__(self, name, price, qty=0):
        self.name = name
        self.price = price
        self.qty = qty
    def value(self):
        return self.price * self.qty
    def __repr__(self):
        return f'Item({self.name!r}, {self.price}, {self.qty})'
class Inventory:
    def __init__(self):
        self.items = {}
    def add(self, name, price, qty):
        if name in self.items:
            self.items[name].qty += qty
        else:
            self.items[name] = Item(name, price, qty)
    def take(self, name, qty):
        item = self.items[name]
        if item.qty < qty:
            raise OutOfStock(name, qty, item.qty)
        item.qty -= qty
        return item.price * qty
    def total(self):
        return sum([i.value() for i in self.items.values()])
    def report(self):
        lines = []
        for item in sorted(self.items.values(), key=lambda i: -i.value()):
            lines.append(f'{item.name:<8}{item.qty:>4} x {item.price:6.2f} = {item.value():8.2f}')
        return '\n'.join(lines)
inv = Inventory()
inv.add('bolt', 0.25, 100)
inv.add('nut', 0.1, 250)
inv.add('gear', 12.5, 4)
inv.add('bolt', 0.25, 20)
print(inv.items)
print(inv.report())
print('total', round(inv.total(), 2))
orders = [('bolt', 30), ('gear', 5), ('nut', 250), ('washer', 1)]
for name, qty in orders:
    try:
        cost = inv.take(name, qty)
        print(f'took {qty} {name}: {cost:.2f}')
    except OutOfStock as e:
        print('out of stock ->', e)
    except KeyError as e:
        print('unknown item', e)
print(inv.report())
print(f'{inv.total():,.2f}')
