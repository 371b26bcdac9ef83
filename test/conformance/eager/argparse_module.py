# argparse for a training script's options: types, defaults (string ones
# converted too), choices, nargs, counts, appends, flags clustered behind
# one dash, abbreviated long options, positionals sharing the arguments,
# set_defaults and parse_known_args, the usage line and help text as
# argparse formats them (wrapped to 78 columns), and the "error:" exits
# (status 2) for bad values. The parsed options then drive TensorFlow.
import argparse
import tensorflow as tf

parser = argparse.ArgumentParser(
    description="Train a small linear model on synthetic data and report "
    "the loss after every epoch, optionally with a learning-rate decay.",
    epilog="Example: train.py --epochs 3 --lr 0.1 data.csv")
parser.add_argument("--epochs", type=int, default=5,
                    help="passes over the data (default: %(default)s)")
parser.add_argument("--lr", "--learning-rate", type=float, default="0.5",
                    help="initial step size")
parser.add_argument("-v", "--verbose", action="store_true",
                    help="print the loss of every step as well as of every "
                    "epoch, which is a lot of output for long runs")
parser.add_argument("--optimizer", choices=["adam", "sgd"], default="sgd",
                    help="one of %(choices)s")
parser.add_argument("--layers", type=int, nargs="+", default=[4, 2],
                    metavar="N")
parser.add_argument("-q", "--quiet", action="count", default=0)
parser.add_argument("--tag", action="append", dest="tags")
parser.add_argument("--no-shuffle", dest="shuffle", action="store_false")
parser.add_argument("--seed", type=int, required=True)
parser.add_argument("data", help="input file")
parser.add_argument("extra", nargs="*", help="more inputs")
parser.set_defaults(mode="train")

print(parser.format_usage(), end="")
print(parser.format_help(), end="")
args = parser.parse_args(["--seed", "3", "train.csv"])
print(args)
args = parser.parse_args(["--epochs=2", "--learn", "0.25", "-vqq", "--tag",
                          "a", "--tag=b", "--no-sh", "--seed", "-7", "x.csv",
                          "y.csv", "z.csv", "--layers", "8", "4", "1"])
print(args)
print(args.epochs, args.lr, args.layers, args.tags, args.extra, args.mode)
print(vars(args)["quiet"], "seed" in args, args == parser.parse_args(
    ["--seed", "1", "d"]), type(args).__name__)
known, rest = parser.parse_known_args(["d", "--seed", "1", "--other", "v"])
print(known.data, rest)

for argv in [["--seed", "x", "d"], ["d"], ["--seed", "1", "d", "--epochs"],
             ["--seed", "1", "d", "--optimizer", "rms"], ["--seed", "1"],
             ["--seed", "1", "d", "--bogus", "--lay"],
             ["--seed", "1", "d", "--verbose=yes"]]:
    try:
        parser.parse_args(argv)
    except SystemExit as e:
        print("SystemExit", e.code, argv)

w = tf.Variable(tf.zeros([args.layers[-1]]))
x = tf.ones([args.layers[-1]])
for epoch in range(args.epochs):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((w * x - 1.0) ** 2)
    w.assign_sub(args.lr * tape.gradient(loss, w))
    print(epoch, round(float(loss), 4))

small = argparse.ArgumentParser(prog="tool", add_help=False)
small.add_argument("pair", nargs=2, type=float)
small.add_argument("--scale", nargs="?", const=2.0, type=float, default=1.0)
small.add_argument("--version", action="version", version="%(prog)s 1.0")
print(small.format_help(), end="")
print(small.parse_args(["1", "2.5", "--scale"]), small.parse_args(["3", "4"]))
try:
    small.parse_args(["--version"])
except SystemExit as e:
    print("SystemExit", e.code)
try:
    small.parse_args(["1"])
except SystemExit as e:
    print("SystemExit", e.code)

bad = argparse.ArgumentParser()
for i, n in enumerate([2.5, "x", "?", 3]):
    try:
        bad.add_argument("--n%d" % i, nargs=n)
        print("ok", n)
    except ValueError as e:
        print("ValueError:", e)
try:
    bad.add_argument("--z", action="store_true", nargs=1)
except TypeError as e:
    print("TypeError:", e)
try:
    bad.add_argument("--n2")
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
