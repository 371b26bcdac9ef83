# A training script reading its options with argparse (run-argparse.test).
import argparse

parser = argparse.ArgumentParser(description="Train a small model on synthetic data and report the loss.")
parser.add_argument("--epochs", type=int, default=5, help="number of passes over the data (default: %(default)s)")
parser.add_argument("--lr", "--learning-rate", type=float, default=1e-3, help="step size")
parser.add_argument("-v", "--verbose", action="store_true", help="print more")
parser.add_argument("--optimizer", choices=["adam", "sgd"], default="adam")
parser.add_argument("--layers", type=int, nargs="+", default=[64, 32], metavar="N")
parser.add_argument("-q", action="count", default=0)
parser.add_argument("data", nargs="?", default="train.csv", help="input file")
args = parser.parse_args()
print(args)
print(args.epochs * 2, args.lr, args.layers, vars(args)["optimizer"])
