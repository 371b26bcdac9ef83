# json.dumps and json.loads as scripts use them for configurations and
# metrics.
import json

config = {"lr": 0.001, "layers": [64, 32], "name": "mlp", "dropout": None,
          "use_bias": True, "betas": (0.9, 0.999), "extra": {}}
print(json.dumps(config))
print(json.dumps(config, indent=2, sort_keys=True))
print(json.dumps(config, separators=(",", ":")))
print(json.dumps([1, [2, [3, []]], {"a": {"b": []}}], indent=4))
print(json.dumps({3: "int key", 1.5: "float", True: "bool", None: "none"}))
print(json.dumps("café ☕ \"quoted\" \\ \n\t"), json.dumps("café ☕", ensure_ascii=False))
print(json.dumps([float("nan"), float("inf"), -float("inf"), 1e100, 0.1, -0.0, 3.0]))
print(json.dumps({"set": [1, 2]}, indent=0))
print(json.dumps({"f": 1.0}, default=str), json.dumps({"s": {1, 2}}, default=sorted))
for bad in [lambda: json.dumps({(1, 2): 3}), lambda: json.dumps({1, 2}),
            lambda: json.dumps([float("nan")], allow_nan=False)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
text = '{"epochs": 10, "lr": 1e-3, "tags": ["a", "b\\u00e9"], "nested": {"x": null, "y": [true, false]}, "neg": -2.5E2}'
loaded = json.loads(text)
print(loaded, type(loaded["lr"]).__name__, type(loaded["epochs"]).__name__)
print(json.loads("[1, 2.0, \"\\ud83d\\ude00\"]"), json.loads(" 42 "), json.loads("NaN"))
print(json.loads(json.dumps(config)) == {**config, "betas": [0.9, 0.999]})
for bad in ['{"a": 1,}', '[1, 2', '{a: 1}', '', '[1] x', '"abc', '{"a" 1}',
            '[1, 2,]', '[,]', '{"a":}']:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print("JSONDecodeError:", e, isinstance(e, ValueError))
deep = []
for _ in range(5000):
    deep = [deep]
for bad in [lambda: json.dumps(deep, indent=1), lambda: json.loads("[" * 5000 + "]" * 5000)]:
    try:
        bad()
    except RecursionError as e:
        print("RecursionError:", e)
