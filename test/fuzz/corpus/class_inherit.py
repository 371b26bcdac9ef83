# Single inheritance: super().__init__, method override, super() calls, isinstance/issubclass.
class Animal:
    kind = 'animal'
    def __init__(self, name, sound='...'):
        self.name = name
        self.sound = sound
    def speak(self):
        return self.name + ' says ' + self.sound
    def describe(self):
        return self.name + ' is a ' + self.kind + '; ' + self.speak()
    def __repr__(self):
        return type(self).__name__ + '(' + repr(self.name) + ')'
class Dog(Animal):
    kind = 'dog'
    def __init__(self, name, breed):
        super().__init__(name, 'woof')
        self.breed = breed
    def speak(self):
        return super().speak() + '!'
class Puppy(Dog):
    def __init__(self, name):
        super().__init__(name, 'mixed')
        self.age = 0
    def speak(self):
        return 'tiny ' + super().speak()
class Cat(Animal):
    kind = 'cat'
a = Animal('generic')
d = Dog('rex', 'lab')
p = Puppy('bit')
c = Cat('tom', 'meow')
for x in [a, d, p, c]:
    print(x.describe())
print([a, d, p, c])
print(d.breed, p.breed, p.age)
print(isinstance(p, Puppy), isinstance(p, Dog), isinstance(p, Animal), isinstance(d, Puppy))
print(isinstance(c, (Dog, Cat)), isinstance(c, Dog))
print(issubclass(Puppy, Animal), issubclass(Animal, Dog), issubclass(Dog, Dog), issubclass(Cat, object))
print(isinstance(3, int), isinstance('s', (int, str)), isinstance(3.0, int))
print(type(p).__name__, type(p) == Puppy, type(p) == Dog)
print(Puppy.kind, Dog.speak(p))
class Shape:
    def area(self):
        return 0
    def report(self):
        return type(self).__name__ + ' area ' + str(self.area())
class Square(Shape):
    def __init__(self, side):
        self.side = side
    def area(self):
        return self.side ** 2
class Circle(Shape):
    def __init__(self, r):
        self.r = r
    def area(self):
        return round(3.14159 * self.r * self.r, 2)
for s in [Shape(), Square(3), Circle(2)]:
    print(s.report())
