# Uncaught custom ValueError subclass raised without arguments: last line is only the class name.
class EmptyInput(ValueError):
    pass
def first_word(text):
    words = text.split()
    if not words:
        raise EmptyInput
    return words[0]
def main():
    print(first_word('hello world'))
    print(first_word('   '))
main()
