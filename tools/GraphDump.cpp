// `kiln dump --stage=graph`: a concrete function's graph as the node list of
// TensorFlow's as_graph_def() (text or JSON), or as Graphviz input (dot).
#include "GraphDump.h"

#include "Aot.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace kiln {

namespace {

/// "add" or "split:1": how TensorFlow's graph names an op's output.
std::string outputName(const graph::Graph &g, graph::Output o) {
  return g.nodes[o.node].name + (o.index ? ":" + std::to_string(o.index) : "");
}

void textNodes(const graph::Graph &g, const std::vector<int> &ids,
               const std::string &indent, std::ostream &out) {
  for (int id : ids) {
    const graph::Node &n = g.nodes[id];
    out << indent << "node {\n"
        << indent << "  name: \"" << n.name << "\"\n"
        << indent << "  op: \"" << n.op << "\"\n";
    for (auto &in : n.listedInputs())
      out << indent << "  input: \"" << outputName(g, in) << "\"\n";
    // Control inputs come last, as "^name" (a tf.control_dependencies
    // block's ops).
    for (auto &control : n.controlInputs)
      out << indent << "  input: \"^" << control << "\"\n";
    for (auto &o : n.outputs)
      out << indent << "  output: " << typeText(o) << "\n";
    if (n.loc.valid())
      out << indent << "  # line " << n.loc.line << "\n";
    // Control flow: each region with its arguments, nodes and results.
    for (int r : n.regions) {
      const graph::Region &region = g.regions[r];
      out << indent << "  region {\n";
      for (int a : region.args)
        out << indent << "    arg: \"" << g.nodes[a].name << "\" "
            << typeText(g.nodes[a].outputs[0]) << "\n";
      textNodes(g, region.nodes, indent + "    ", out);
      for (auto &res : region.results)
        out << indent << "    result: \"" << outputName(g, res) << "\"\n";
      out << indent << "  }\n";
    }
    out << indent << "}\n";
  }
}

nlohmann::json jsonNodes(const graph::Graph &g, const std::vector<int> &ids) {
  nlohmann::json nodes = nlohmann::json::array();
  for (int id : ids) {
    const graph::Node &n = g.nodes[id];
    nlohmann::json node = {{"name", n.name}, {"op", n.op}};
    node["inputs"] = nlohmann::json::array();
    for (auto &in : n.listedInputs())
      node["inputs"].push_back(outputName(g, in));
    for (auto &control : n.controlInputs)
      node["inputs"].push_back("^" + control);
    node["outputs"] = nlohmann::json::array();
    for (auto &o : n.outputs)
      node["outputs"].push_back(typeText(o));
    if (n.loc.valid())
      node["line"] = n.loc.line;
    for (int r : n.regions) {
      const graph::Region &region = g.regions[r];
      nlohmann::json args = nlohmann::json::array(),
                     results = nlohmann::json::array();
      for (int a : region.args)
        args.push_back({{"name", g.nodes[a].name},
                        {"type", typeText(g.nodes[a].outputs[0])}});
      for (auto &res : region.results)
        results.push_back(outputName(g, res));
      node["regions"].push_back({{"args", args},
                                 {"nodes", jsonNodes(g, region.nodes)},
                                 {"results", results}});
    }
    nodes.push_back(std::move(node));
  }
  return nodes;
}

/// `s` as the inside of a DOT string: quotes and backslashes escaped, so
/// that only the `\\n` the caller adds between lines breaks a label.
std::string dotEscaped(const std::string &s) {
  std::string e;
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      e += '\\';
    e += ch;
  }
  return e;
}

/// What a control-flow node's k-th region is for, as TensorFlow names the
/// functions it makes of them.
std::string regionRole(const graph::Node &owner, size_t k) {
  bool isIf = owner.op.find("If") != std::string::npos;
  bool isWhile = owner.op.find("While") != std::string::npos;
  if (isIf && k < 2)
    return k == 0 ? "then" : "else";
  if (isWhile && k < 2)
    return k == 0 ? "cond" : "body";
  return "body";
}

/// Declares the nodes `ids` (one box each: name, op, output types) and a
/// cluster for each region of a control-flow node among them; `fn` starts
/// every id, so that several functions share one graph. Edges come after
/// every declaration, so each node stays in its cluster.
void dotNodes(const graph::Graph &g, const std::vector<int> &ids,
              const std::string &fn, const std::string &indent,
              std::ostream &out) {
  for (int id : ids) {
    const graph::Node &n = g.nodes[id];
    out << indent << fn << "n" << id << " [label=\"" << dotEscaped(n.name)
        << "\\n"
        << dotEscaped(n.op);
    for (auto &o : n.outputs)
      out << "\\n" << dotEscaped(typeText(o));
    out << "\"];\n";
    for (size_t k = 0; k < n.regions.size(); ++k) {
      const graph::Region &region = g.regions[n.regions[k]];
      out << indent << "subgraph cluster_" << fn << "r" << n.regions[k]
          << " {\n"
          << indent << "  label=\"" << dotEscaped(n.name) << " "
          << regionRole(n, k) << "\";\n";
      dotNodes(g, region.args, fn, indent + "  ", out);
      dotNodes(g, region.nodes, fn, indent + "  ", out);
      out << indent << "}\n";
    }
  }
}

/// The data edges into `ids` and, for control flow, from each region's
/// results to the node that owns the region (dashed).
void dotEdges(const graph::Graph &g, const std::vector<int> &ids,
              const std::string &fn, std::ostream &out) {
  for (int id : ids) {
    const graph::Node &n = g.nodes[id];
    for (auto &in : n.listedInputs()) {
      out << "  " << fn << "n" << in.node << " -> " << fn << "n" << id;
      if (in.index)
        out << " [label=\"" << in.index << "\"]";
      out << ";\n";
    }
    // Control inputs, dotted, from the nodes they name (a guarded
    // assertion's Identity: the Assert inside the guard).
    for (auto &control : n.controlInputs)
      for (size_t from = 0; from < g.nodes.size(); ++from)
        if (graph::controlCovers(control, g.nodes[from].name))
          out << "  " << fn << "n" << from << " -> " << fn << "n" << id
              << " [style=dotted];\n";
    for (int r : n.regions) {
      const graph::Region &region = g.regions[r];
      dotEdges(g, region.nodes, fn, out);
      for (size_t k = 0; k < region.results.size(); ++k)
        out << "  " << fn << "n" << region.results[k].node << " -> " << fn
            << "n" << id << " [style=dashed, label=\"result " << k
            << (region.results[k].index
                    ? " (:" + std::to_string(region.results[k].index) + ")"
                    : "")
            << "\"];\n";
    }
  }
}

} // namespace

void dumpGraphText(const graph::Graph &g, std::ostream &out) {
  // The regions of control-flow nodes (TF's function library) are shown
  // nested.
  textNodes(g, g.bodyNodes(), "", out);
}

void dumpGraphsJson(const std::vector<DotFunction> &functions,
                    std::ostream &out) {
  nlohmann::json all = nlohmann::json::array();
  for (const DotFunction &f : functions) {
    nlohmann::json results = nlohmann::json::array();
    for (auto &r : f.graph->results)
      results.push_back(outputName(*f.graph, r));
    all.push_back({{"signature", f.label},
                   {"nodes", jsonNodes(*f.graph, f.graph->bodyNodes())},
                   {"results", results}});
  }
  out << all.dump(1, ' ', false, nlohmann::json::error_handler_t::replace)
      << "\n";
}

void dumpGraphsDot(const std::vector<DotFunction> &functions,
                   std::ostream &out) {
  out << "digraph \"kiln\" {\n"
      << "  node [shape=box, fontname=\"monospace\"];\n";
  for (size_t f = 0; f < functions.size(); ++f) {
    const graph::Graph &g = *functions[f].graph;
    std::string fn = "f" + std::to_string(f) + "_";
    std::vector<int> body = g.bodyNodes();
    out << "  subgraph cluster_" << fn << " {\n"
        << "    label=\"" << dotEscaped(functions[f].label) << "\";\n";
    dotNodes(g, body, fn, "    ", out);
    // The function's results, in order, into one sink.
    out << "    " << fn << "return [shape=oval, label=\"return\"];\n  }\n";
    dotEdges(g, body, fn, out);
    for (size_t k = 0; k < g.results.size(); ++k)
      out << "  " << fn << "n" << g.results[k].node << " -> " << fn
          << "return [label=\"" << k << "\"];\n";
  }
  out << "}\n";
}

} // namespace kiln
