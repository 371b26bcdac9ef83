# The JSON dump: one object per node with "kind" first, then "range" as
# [line, col, end_line, end_col] (1-based code points, end exclusive), then
# its fields in a fixed order; absent optional children are null.
# RUN: %kiln dump --stage=ast --format=json %s | FileCheck %s --match-full-lines

from m import n as o
def f(a, *, b=1):
    return g(a, k=None)

# CHECK: {
# CHECK-NEXT:   "kind": "Module",
# CHECK-NEXT:   "body": [
# CHECK-NEXT:     {
# CHECK-NEXT:       "kind": "ImportFrom",
# CHECK-NEXT:       "range": [
# CHECK-NEXT:         6,
# CHECK-NEXT:         1,
# CHECK-NEXT:         6,
# CHECK-NEXT:         21
# CHECK-NEXT:       ],
# CHECK-NEXT:       "module": "m",
# CHECK-NEXT:       "level": 0,
# CHECK-NEXT:       "names": [
# CHECK-NEXT:         {
# CHECK-NEXT:           "kind": "alias",
# CHECK-NEXT:           "range": [
# CHECK-NEXT:             6,
# CHECK-NEXT:             15,
# CHECK-NEXT:             6,
# CHECK-NEXT:             21
# CHECK-NEXT:           ],
# CHECK-NEXT:           "name": "n",
# CHECK-NEXT:           "asname": "o"
# CHECK-NEXT:         }
# CHECK-NEXT:       ]
# CHECK-NEXT:     },
# CHECK-NEXT:     {
# CHECK-NEXT:       "kind": "FunctionDef",
# CHECK-NEXT:       "range": [
# CHECK-NEXT:         7,
# CHECK-NEXT:         1,
# CHECK-NEXT:         8,
# CHECK-NEXT:         24
# CHECK-NEXT:       ],
# CHECK-NEXT:       "name": "f",
# CHECK-NEXT:       "args": {
# CHECK-NEXT:         "kind": "arguments",
# CHECK-NEXT:         "posonlyargs": [],
# CHECK-NEXT:         "args": [
# CHECK-NEXT:           {
# CHECK-NEXT:             "kind": "arg",
# CHECK-NEXT:             "range": [
# CHECK-NEXT:               7,
# CHECK-NEXT:               7,
# CHECK-NEXT:               7,
# CHECK-NEXT:               8
# CHECK-NEXT:             ],
# CHECK-NEXT:             "name": "a"
# CHECK-NEXT:           }
# CHECK-NEXT:         ],
# CHECK-NEXT:         "vararg": null,
# CHECK-NEXT:         "kwonlyargs": [
# CHECK-NEXT:           {
# CHECK-NEXT:             "kind": "arg",
# CHECK-NEXT:             "range": [
# CHECK-NEXT:               7,
# CHECK-NEXT:               13,
# CHECK-NEXT:               7,
# CHECK-NEXT:               14
# CHECK-NEXT:             ],
# CHECK-NEXT:             "name": "b"
# CHECK-NEXT:           }
# CHECK-NEXT:         ],
# CHECK-NEXT:         "kw_defaults": [
# CHECK-NEXT:           {
# CHECK-NEXT:             "kind": "Constant",
# CHECK-NEXT:             "range": [
# CHECK-NEXT:               7,
# CHECK-NEXT:               15,
# CHECK-NEXT:               7,
# CHECK-NEXT:               16
# CHECK-NEXT:             ],
# CHECK-NEXT:             "type": "int",
# CHECK-NEXT:             "value": 1
# CHECK-NEXT:           }
# CHECK-NEXT:         ],
# CHECK-NEXT:         "kwarg": null,
# CHECK-NEXT:         "defaults": []
# CHECK-NEXT:       },
# CHECK-NEXT:       "decorator_list": [],
# CHECK-NEXT:       "returns": null,
# CHECK-NEXT:       "body": [
# CHECK-NEXT:         {
# CHECK-NEXT:           "kind": "Return",
# CHECK-NEXT:           "range": [
# CHECK-NEXT:             8,
# CHECK-NEXT:             5,
# CHECK-NEXT:             8,
# CHECK-NEXT:             24
# CHECK-NEXT:           ],
# CHECK-NEXT:           "value": {
# CHECK-NEXT:             "kind": "Call",
# CHECK-NEXT:             "range": [
# CHECK-NEXT:               8,
# CHECK-NEXT:               12,
# CHECK-NEXT:               8,
# CHECK-NEXT:               24
# CHECK-NEXT:             ],
# CHECK-NEXT:             "func": {
# CHECK-NEXT:               "kind": "Name",
# CHECK-NEXT:               "range": [
# CHECK-NEXT:                 8,
# CHECK-NEXT:                 12,
# CHECK-NEXT:                 8,
# CHECK-NEXT:                 13
# CHECK-NEXT:               ],
# CHECK-NEXT:               "id": "g",
# CHECK-NEXT:               "ctx": "Load"
# CHECK-NEXT:             },
# CHECK-NEXT:             "args": [
# CHECK-NEXT:               {
# CHECK-NEXT:                 "kind": "Name",
# CHECK-NEXT:                 "range": [
# CHECK-NEXT:                   8,
# CHECK-NEXT:                   14,
# CHECK-NEXT:                   8,
# CHECK-NEXT:                   15
# CHECK-NEXT:                 ],
# CHECK-NEXT:                 "id": "a",
# CHECK-NEXT:                 "ctx": "Load"
# CHECK-NEXT:               }
# CHECK-NEXT:             ],
# CHECK-NEXT:             "keywords": [
# CHECK-NEXT:               {
# CHECK-NEXT:                 "kind": "keyword",
# CHECK-NEXT:                 "range": [
# CHECK-NEXT:                   8,
# CHECK-NEXT:                   17,
# CHECK-NEXT:                   8,
# CHECK-NEXT:                   23
# CHECK-NEXT:                 ],
# CHECK-NEXT:                 "arg": "k",
# CHECK-NEXT:                 "value": {
# CHECK-NEXT:                   "kind": "Constant",
# CHECK-NEXT:                   "range": [
# CHECK-NEXT:                     8,
# CHECK-NEXT:                     19,
# CHECK-NEXT:                     8,
# CHECK-NEXT:                     23
# CHECK-NEXT:                   ],
# CHECK-NEXT:                   "type": "None",
# CHECK-NEXT:                   "value": null
# CHECK-NEXT:                 }
# CHECK-NEXT:               }
# CHECK-NEXT:             ]
# CHECK-NEXT:           }
# CHECK-NEXT:         }
# CHECK-NEXT:       ]
# CHECK-NEXT:     }
# CHECK-NEXT:   ]
# CHECK-NEXT: }
