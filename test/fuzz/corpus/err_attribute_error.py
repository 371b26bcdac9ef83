# Uncaught AttributeError: reading an attribute an instance does not have.
class Foo:
    def __init__(self):
        self.value = 1
    def show(self):
        print('value', self.value)
        return self.bar
def use(obj):
    print('using', type(obj).__name__)
    return obj.show()
use(Foo())
