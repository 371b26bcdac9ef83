// The standard-library modules TensorFlow scripts import for their
// set-up lines: os (the environment and path strings), time, argparse
// (the command line), logging (levels, loggers and handlers that print as
// CPython's do), warnings (warn and its filters), and dataclasses, enum,
// abc, contextlib, copy, functools, itertools, heapq and bisect for the
// Python around the TensorFlow code.
#pragma once

#include "Objects.h"

#include <optional>
#include <string>

namespace kiln::py {

void installStdlibModules(Interpreter &in);

/// `import dataclasses` (Dataclasses.cpp).
void installDataclasses(Interpreter &in);
/// `import logging` (Logging.cpp).
void installLogging(Interpreter &in);
/// `import warnings` (Warnings.cpp).
void installWarnings(Interpreter &in);
/// `import functools` (Functools.cpp).
void installFunctools(Interpreter &in);
/// `import itertools` (Itertools.cpp).
void installItertools(Interpreter &in);
/// `import random` (RandomModule.cpp).
void installRandomModule(Interpreter &in);
/// `import operator` (OperatorModule.cpp).
void installOperatorModule(Interpreter &in);
/// `import json` (JsonModule.cpp).
void installJsonModule(Interpreter &in);
/// `import copy` (CopyModule.cpp).
void installCopyModule(Interpreter &in);
/// `import heapq` (HeapqModule.cpp).
void installHeapq(Interpreter &in);
/// `import bisect` (BisectModule.cpp).
void installBisect(Interpreter &in);
/// `import contextlib` (ContextlibModule.cpp).
void installContextlib(Interpreter &in);
/// `import enum` (EnumModule.cpp).
void installEnum(Interpreter &in);
/// An Enum class's members in definition order (aliases left out); none
/// for other classes.
std::optional<ValueList> enumMembers(Interpreter &in, const ClassObject &cls);
/// `import argparse` (ArgparseModule.cpp).
void installArgparse(Interpreter &in);
/// `import abc` (AbcModule.cpp).
void installAbc(Interpreter &in);
/// The abstract methods an instance of `cls` would leave unimplemented
/// (sorted; empty unless `cls` derives from abc.ABC).
std::vector<std::string> abstractMethodsOf(Interpreter &in,
                                           const ClassObject &cls);

/// collections' defaultdict, Counter, OrderedDict and deque, added to
/// module `m` (Collections.cpp).
void addCollectionsTypes(Interpreter &in, ModuleObject &m);

/// os's file-system functions (makedirs, listdir, walk, remove...) and
/// os.path.getsize, added to the modules `os` and `path`
/// (FileSystemModules.cpp).
void addOsFileFunctions(Interpreter &in, Value &os, Value &path);
/// `import shutil` and `import tempfile` (FileSystemModules.cpp).
void installFileSystemModules(Interpreter &in);

/// A new, empty module object named `name`.
Value makeModule(const std::string &name);
/// module.name = a builtin function `fn`.
void defFunction(Interpreter &in, Value &module, const std::string &name,
                 BuiltinFn fn);

/// tf.get_logger(): logging.getLogger("tensorflow"), given on first use
/// the handler TensorFlow adds ("LEVEL:tensorflow:message" on stderr)
/// unless the root logger has one.
Value tensorflowLogger(Interpreter &in);

/// Logs `message` at `level` (logging.WARNING is 30) on TensorFlow's
/// logger, as TensorFlow's Python layer logs its warnings and errors
/// ("WARNING:tensorflow:..." on stderr by default; nothing once
/// tf.get_logger().setLevel("ERROR") or logging.disable() rules it out).
void tensorflowLog(Interpreter &in, int level, const std::string &message);

/// The builtins dir() and vars() (Introspection.cpp).
void installIntrospection(Interpreter &in);

} // namespace kiln::py
