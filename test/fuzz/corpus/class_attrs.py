# Class attributes vs instance attributes: shadowing, shared mutable class data, lookup order.
class Dog:
    species = 'canine'
    count = 0
    tricks = []
    def __init__(self, name):
        self.name = name
        Dog.count += 1
    def add_trick(self, trick):
        self.tricks.append(trick)
a = Dog('rex')
b = Dog('fido')
print(Dog.count, a.count, b.count)
print(a.species, b.species, Dog.species)
a.species = 'wolf'
print(a.species, b.species, Dog.species)
Dog.species = 'dog'
print(a.species, b.species, Dog.species)
del a.species
print(a.species)
a.add_trick('sit')
b.add_trick('roll')
print(a.tricks, b.tricks, Dog.tricks)
print(hasattr(a, 'name'), hasattr(Dog, 'name'), hasattr(Dog, 'count'))
class Config:
    defaults = {'color': 'red'}
    def __init__(self):
        self.settings = dict(Config.defaults)
c1 = Config()
c2 = Config()
c1.settings['color'] = 'blue'
print(c1.settings, c2.settings, Config.defaults)
class Temperature:
    unit = 'C'
    def show(self, value):
        return str(value) + self.unit
t = Temperature()
print(t.show(20))
t.unit = 'F'
print(t.show(68), Temperature().show(0))
class Base:
    label = 'base'
class Child(Base):
    pass
print(Child.label, Child().label)
Base.label = 'changed'
print(Child.label)
