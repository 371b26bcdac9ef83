# Uncaught TypeError: concatenating str and int inside a method called from a function.
class Greeter:
    def __init__(self, name):
        self.name = name
    def greet(self, times):
        return 'hello ' + self.name + ' x' + times
def main():
    g = Greeter('ann')
    print(g.greet('2'))
    print(g.greet(3))
main()
