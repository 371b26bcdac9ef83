/* The text of a failed run-time check in compiled code (a shape that was
 * only known at run time does not fit an op): a template whose "{int}"
 * takes the next value, whose "{shape}" takes a rank and that many
 * sizes, printed as TensorFlow prints shapes in its errors ("[3,2]"), and
 * whose "{list}" takes a count and that many values, each printed after a
 * space (" 0 7 -1"). "{padded}" takes a count and that many values too,
 * printed as Eigen prints a vector: each right-aligned to the widest,
 * separated by spaces ("2147483648          4"). "{real}" takes a value
 * holding a double's bits and prints it as a C++ stream does by default
 * ("%g").
 *
 * Header-only plain C, like tf_print.h: generated libraries and kiln's JIT
 * format the same text. */
#ifndef KILN_CHECK_MESSAGE_H
#define KILN_CHECK_MESSAGE_H

#include "tf_print.h"

#ifdef __cplusplus
extern "C" {
#endif

static inline void kiln_format_check(kiln_text *t, const char *tmpl,
                                     const int64_t *values, int64_t count) {
  int64_t next = 0;
  char buf[32];
  while (*tmpl) {
    if (strncmp(tmpl, "{int}", 5) == 0) {
      snprintf(buf, sizeof buf, "%lld",
               (long long)(next < count ? values[next] : 0));
      ++next;
      kiln_text_puts(t, buf);
      tmpl += 5;
    } else if (strncmp(tmpl, "{shape}", 7) == 0) {
      int64_t rank = next < count ? values[next] : 0, d;
      ++next;
      kiln_text_puts(t, "[");
      for (d = 0; d < rank; ++d) {
        snprintf(buf, sizeof buf, d ? ",%lld" : "%lld",
                 (long long)(next < count ? values[next] : 0));
        ++next;
        kiln_text_puts(t, buf);
      }
      kiln_text_puts(t, "]");
      tmpl += 7;
    } else if (strncmp(tmpl, "{real}", 6) == 0) {
      int64_t bits = next < count ? values[next] : 0;
      double v;
      ++next;
      memcpy(&v, &bits, sizeof v);
      snprintf(buf, sizeof buf, "%g", v);
      kiln_text_puts(t, buf);
      tmpl += 6;
    } else if (strncmp(tmpl, "{list}", 6) == 0) {
      int64_t n = next < count ? values[next] : 0, i;
      ++next;
      for (i = 0; i < n; ++i) {
        snprintf(buf, sizeof buf, " %lld",
                 (long long)(next < count ? values[next] : 0));
        ++next;
        kiln_text_puts(t, buf);
      }
      tmpl += 6;
    } else if (strncmp(tmpl, "{padded}", 8) == 0) {
      int64_t n = next < count ? values[next] : 0, i;
      int width = 0;
      ++next;
      for (i = 0; i < n && next + i < count; ++i) {
        int w = snprintf(buf, sizeof buf, "%lld", (long long)values[next + i]);
        width = w > width ? w : width;
      }
      for (i = 0; i < n; ++i) {
        snprintf(buf, sizeof buf, i ? " %*lld" : "%*lld", width,
                 (long long)(next < count ? values[next] : 0));
        ++next;
        kiln_text_puts(t, buf);
      }
      tmpl += 8;
    } else {
      kiln_text_append(t, tmpl, 1);
      ++tmpl;
    }
  }
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_CHECK_MESSAGE_H */
