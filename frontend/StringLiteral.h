// Decoding of Python string and bytes literal tokens (frontend-internal).
#pragma once

#include <cstdint>
#include <string>

namespace kiln {

struct StringToken {
  bool isBytes = false;
  bool isRaw = false;
  bool isFormat = false;
  /// The characters between the quotes, undecoded.
  std::string body;
  /// Offset of `body` within the token text (prefix plus quotes).
  size_t bodyOffset = 0;
};

/// Splits a STRING token into prefix flags and body.
StringToken splitStringToken(const std::string &text);

/// Decodes escape sequences of `body` (not raw). Returns false and sets
/// `error` and `errorOffset` (into body) on a malformed escape.
bool decodeEscapes(const std::string &body, bool isBytes, std::string &out,
                   std::string &error, size_t &errorOffset);

} // namespace kiln
