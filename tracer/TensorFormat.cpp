//===- TensorFormat.cpp - NumPy / TensorFlow tensor printing
//---------------===//
//
// Part of the kiln project.
//
//===----------------------------------------------------------------------===//
//
// The float digit generation is a port of NumPy's Dragon4 (dragon4.c, itself
// after Ryan Juckett's implementation) with exact big-integer arithmetic; the
// array layout is a port of numpy/core/arrayprint.py (NumPy 1.26) and the
// tf.print layout follows TensorFlow's Tensor::SummarizeValue (print_v2).
//
//===----------------------------------------------------------------------===//

#include "tracer/TensorFormat.h"
#include "tracer/PyFormat.h"

#include "kiln/tf_print.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace kiln::py {

//===----------------------------------------------------------------------===//
// dtypes and element access
//===----------------------------------------------------------------------===//

const char *dtypeName(DType D) {
  switch (D) {
  case DType::Bool:
    return "bool";
  case DType::Int8:
    return "int8";
  case DType::Int16:
    return "int16";
  case DType::Int32:
    return "int32";
  case DType::Int64:
    return "int64";
  case DType::UInt8:
    return "uint8";
  case DType::Float16:
    return "float16";
  case DType::BFloat16:
    return "bfloat16";
  case DType::Float32:
    return "float32";
  case DType::Float64:
    return "float64";
  case DType::String:
    return "string";
  }
  return "unknown";
}

int dataTypeEnum(DType d) {
  switch (d) {
  case DType::Float32:
    return 1;
  case DType::Float64:
    return 2;
  case DType::Int32:
    return 3;
  case DType::UInt8:
    return 4;
  case DType::Int16:
    return 5;
  case DType::Int8:
    return 6;
  case DType::String:
    return 7;
  case DType::Int64:
    return 9;
  case DType::Bool:
    return 10;
  case DType::BFloat16:
    return 14;
  case DType::Float16:
    return 19;
  }
  return 0;
}

size_t dtypeSize(DType D) {
  switch (D) {
  case DType::Bool:
    return 1;
  case DType::Int8:
    return 1;
  case DType::Int16:
    return 2;
  case DType::Int32:
    return 4;
  case DType::Int64:
    return 8;
  case DType::UInt8:
    return 1;
  case DType::Float16:
    return 2;
  case DType::BFloat16:
    return 2;
  case DType::Float32:
    return 4;
  case DType::Float64:
    return 8;
  case DType::String:
    return sizeof(std::string);
  }
  return 0;
}

float halfToFloat(uint16_t H) {
  uint32_t Sign = (uint32_t)(H >> 15) << 31;
  uint32_t Exp = (H >> 10) & 0x1f;
  uint32_t Man = H & 0x3ff;
  uint32_t Bits;
  if (Exp == 0x1f) {
    Bits = Sign | 0x7f800000u | (Man << 13);
  } else if (Exp != 0) {
    Bits = Sign | ((Exp + 112) << 23) | (Man << 13);
  } else if (Man == 0) {
    Bits = Sign;
  } else {
    // Subnormal half: exact as a float.
    float F = std::ldexp((float)Man, -24);
    return Sign ? -F : F;
  }
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

float bfloat16ToFloat(uint16_t B) {
  uint32_t Bits = (uint32_t)B << 16;
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

uint16_t doubleToHalf(double F) {
  uint64_t Bits;
  std::memcpy(&Bits, &F, 8);
  uint16_t Sign = (uint16_t)((Bits >> 48) & 0x8000);
  if (std::isnan(F)) {
    uint16_t M = (uint16_t)((Bits >> 42) & 0x3ff);
    return Sign | 0x7c00 | (M ? M : 0x200);
  }
  double A = std::fabs(F);
  if (A >= 65520.0) // halfway between 65504 and 65536 rounds to even: inf
    return Sign | 0x7c00;
  if (A < 6.103515625e-05) { // below 2^-14: subnormal, quantum 2^-24
    double Units = std::nearbyint(A * 16777216.0);
    return Sign | (uint16_t)Units; // 0x400 is the smallest normal
  }
  int E2;
  std::frexp(A, &E2);
  int E = E2 - 1; // floor(log2(A)), in [-14, 15]
  double Units = std::nearbyint(std::ldexp(A, 10 - E)); // in [1024, 2048]
  if (Units >= 2048) {
    Units = 1024;
    ++E;
  }
  if (E > 15)
    return Sign | 0x7c00;
  return Sign | (uint16_t)((E + 15) << 10) | (uint16_t)(Units - 1024);
}

// A float widens to double exactly, NaN payloads included.
uint16_t floatToHalf(float F) { return doubleToHalf((double)F); }

uint16_t floatToBFloat16(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, 4);
  if (std::isnan(F))
    return std::signbit(F) ? 0xffc0 : 0x7fc0;
  Bits += 0x7fff + ((Bits >> 16) & 1);
  return (uint16_t)(Bits >> 16);
}

namespace {

size_t numElements(const std::vector<int64_t> &Shape) {
  size_t N = 1;
  for (int64_t D : Shape)
    N *= (size_t)(D < 0 ? 0 : D);
  return N;
}

bool isFloatDType(DType D) {
  return D == DType::Float16 || D == DType::Float32 || D == DType::Float64;
}

bool isIntDType(DType D) {
  return D == DType::Int8 || D == DType::Int16 || D == DType::Int32 ||
         D == DType::Int64 || D == DType::UInt8;
}

FloatKind floatKindOf(DType D) {
  if (D == DType::Float16)
    return FloatKind::Half;
  if (D == DType::Float32)
    return FloatKind::Single;
  return FloatKind::Double;
}

double getFloat(const TensorView &T, size_t I) {
  switch (T.dtype) {
  case DType::Float16:
    return halfToFloat(static_cast<const uint16_t *>(T.data)[I]);
  case DType::BFloat16:
    return bfloat16ToFloat(static_cast<const uint16_t *>(T.data)[I]);
  case DType::Float32:
    return static_cast<const float *>(T.data)[I];
  case DType::Float64:
    return static_cast<const double *>(T.data)[I];
  default:
    return 0;
  }
}

int64_t getInt(const TensorView &T, size_t I) {
  switch (T.dtype) {
  case DType::Bool:
    return static_cast<const uint8_t *>(T.data)[I] != 0;
  case DType::Int8:
    return static_cast<const int8_t *>(T.data)[I];
  case DType::Int16:
    return static_cast<const int16_t *>(T.data)[I];
  case DType::Int32:
    return static_cast<const int32_t *>(T.data)[I];
  case DType::Int64:
    return static_cast<const int64_t *>(T.data)[I];
  case DType::UInt8:
    return static_cast<const uint8_t *>(T.data)[I];
  default:
    return 0;
  }
}

const std::string &getString(const TensorView &T, size_t I) {
  return static_cast<const std::string *>(T.data)[I];
}

//===----------------------------------------------------------------------===//
// Exact big integers for Dragon4
//===----------------------------------------------------------------------===//

class BigInt {
public:
  std::vector<uint32_t> B; // little-endian blocks, no leading zero blocks

  static BigInt fromU64(uint64_t V) {
    BigInt R;
    while (V) {
      R.B.push_back((uint32_t)V);
      V >>= 32;
    }
    return R;
  }
  static BigInt pow2(unsigned N) {
    BigInt R;
    R.B.assign(N / 32 + 1, 0);
    R.B.back() = 1u << (N % 32);
    return R;
  }
  bool isZero() const { return B.empty(); }
  void trim() {
    while (!B.empty() && B.back() == 0)
      B.pop_back();
  }
  void shiftLeft(unsigned N) {
    if (B.empty())
      return;
    unsigned Blocks = N / 32, Bits = N % 32;
    std::vector<uint32_t> R(B.size() + Blocks + 1, 0);
    for (size_t I = 0; I < B.size(); ++I) {
      uint64_t V = (uint64_t)B[I] << Bits;
      R[I + Blocks] |= (uint32_t)V;
      R[I + Blocks + 1] |= (uint32_t)(V >> 32);
    }
    B.swap(R);
    trim();
  }
  void mulSmall(uint32_t M) {
    uint64_t Carry = 0;
    for (uint32_t &X : B) {
      uint64_t V = (uint64_t)X * M + Carry;
      X = (uint32_t)V;
      Carry = V >> 32;
    }
    if (Carry)
      B.push_back((uint32_t)Carry);
    trim();
  }
  void mulPow10(int N) {
    while (N >= 9) {
      mulSmall(1000000000u);
      N -= 9;
    }
    static const uint32_t P[] = {1,      10,      100,      1000,     10000,
                                 100000, 1000000, 10000000, 100000000};
    if (N > 0)
      mulSmall(P[N]);
  }
  void add(const BigInt &O) {
    if (O.B.size() > B.size())
      B.resize(O.B.size(), 0);
    uint64_t Carry = 0;
    for (size_t I = 0; I < B.size(); ++I) {
      uint64_t V = (uint64_t)B[I] + (I < O.B.size() ? O.B[I] : 0) + Carry;
      B[I] = (uint32_t)V;
      Carry = V >> 32;
    }
    if (Carry)
      B.push_back((uint32_t)Carry);
  }
  /// *this -= O, requires *this >= O.
  void sub(const BigInt &O) {
    int64_t Borrow = 0;
    for (size_t I = 0; I < B.size(); ++I) {
      int64_t V = (int64_t)B[I] - (I < O.B.size() ? O.B[I] : 0) - Borrow;
      Borrow = V < 0;
      if (V < 0)
        V += (int64_t)1 << 32;
      B[I] = (uint32_t)V;
    }
    trim();
  }
  static int compare(const BigInt &L, const BigInt &R) {
    if (L.B.size() != R.B.size())
      return L.B.size() < R.B.size() ? -1 : 1;
    for (size_t I = L.B.size(); I-- > 0;)
      if (L.B[I] != R.B[I])
        return L.B[I] < R.B[I] ? -1 : 1;
    return 0;
  }
};

/// Quotient (< 10) of Value / Scale; Value becomes the remainder.
uint32_t divRem9(BigInt &Value, const BigInt &Scale) {
  uint32_t Q = 0;
  while (BigInt::compare(Value, Scale) >= 0) {
    Value.sub(Scale);
    ++Q;
  }
  return Q;
}

enum class DigitMode { Unique, Exact };
enum class CutoffMode { TotalLength, FractionLength };
enum class TrimMode { None, LeaveOneZero, Zeros, DptZeros };

/// NumPy's output buffer size (_bigint_static.repr); it bounds the number of
/// digits Dragon4 may produce.
constexpr int kBufferSize = 16384;

struct Digits {
  std::string D; // decimal digits, first one non-zero unless the value is 0
  int Exp = 0;   // base-10 exponent of the first digit
};

/// A finite value decomposed as NumPy does: value = Mantissa * 2^Exponent.
struct FloatParts {
  uint64_t Mantissa = 0;
  int Exponent = 0;
  int MantissaBit = 0;
  bool UnequalMargins = false;
  bool Negative = false;
  bool IsNan = false;
  bool IsInf = false;
};

int log2u64(uint64_t V) {
  int R = -1;
  while (V) {
    V >>= 1;
    ++R;
  }
  return R < 0 ? 0 : R;
}

FloatParts decompose(double X, FloatKind Kind) {
  FloatParts P;
  uint64_t FloatMantissa;
  uint32_t FloatExponent, ExpMask;
  int ManBits, Bias;
  if (Kind == FloatKind::Double) {
    uint64_t Bits;
    std::memcpy(&Bits, &X, 8);
    P.Negative = Bits >> 63;
    FloatMantissa = Bits & ((1ull << 52) - 1);
    FloatExponent = (uint32_t)((Bits >> 52) & 0x7ff);
    ExpMask = 0x7ff;
    ManBits = 52;
    Bias = 1023;
  } else if (Kind == FloatKind::Single) {
    float F = (float)X;
    uint32_t Bits;
    std::memcpy(&Bits, &F, 4);
    P.Negative = Bits >> 31;
    FloatMantissa = Bits & ((1u << 23) - 1);
    FloatExponent = (Bits >> 23) & 0xff;
    ExpMask = 0xff;
    ManBits = 23;
    Bias = 127;
  } else {
    uint16_t Bits = floatToHalf((float)X);
    P.Negative = Bits >> 15;
    FloatMantissa = Bits & 0x3ff;
    FloatExponent = (Bits >> 10) & 0x1f;
    ExpMask = 0x1f;
    ManBits = 10;
    Bias = 15;
  }
  if (FloatExponent == ExpMask) {
    P.IsInf = FloatMantissa == 0;
    P.IsNan = FloatMantissa != 0;
    return P;
  }
  if (FloatExponent != 0) {
    P.Mantissa = (1ull << ManBits) | FloatMantissa;
    P.Exponent = (int)FloatExponent - Bias - ManBits;
    P.MantissaBit = ManBits;
    P.UnequalMargins = FloatExponent != 1 && FloatMantissa == 0;
  } else {
    P.Mantissa = FloatMantissa;
    P.Exponent = 1 - Bias - ManBits;
    P.MantissaBit = log2u64(FloatMantissa);
    P.UnequalMargins = false;
  }
  return P;
}

/// Port of NumPy's Dragon4(): digits of Mantissa * 2^Exponent.
Digits dragon4(const FloatParts &P, DigitMode Mode, CutoffMode Cutoff,
               int CutoffMax, int CutoffMin, int BufferSize) {
  Digits Out;
  if (P.Mantissa == 0) {
    Out.D = "0";
    Out.Exp = 0;
    return Out;
  }
  const bool IsEven = (P.Mantissa & 1) == 0;
  const int Exponent = P.Exponent;
  BigInt ScaledValue = BigInt::fromU64(P.Mantissa);
  BigInt Scale, MarginLow, MarginHigh;
  const bool Unequal = P.UnequalMargins;
  if (Unequal) {
    if (Exponent > 0) {
      ScaledValue.shiftLeft(Exponent + 2);
      Scale = BigInt::fromU64(4);
      MarginLow = BigInt::pow2(Exponent);
      MarginHigh = BigInt::pow2(Exponent + 1);
    } else {
      ScaledValue.shiftLeft(2);
      Scale = BigInt::pow2(-Exponent + 2);
      MarginLow = BigInt::fromU64(1);
      MarginHigh = BigInt::fromU64(2);
    }
  } else {
    if (Exponent > 0) {
      ScaledValue.shiftLeft(Exponent + 1);
      Scale = BigInt::fromU64(2);
      MarginLow = BigInt::pow2(Exponent);
    } else {
      ScaledValue.shiftLeft(1);
      Scale = BigInt::pow2(-Exponent + 1);
      MarginLow = BigInt::fromU64(1);
    }
  }
  auto SyncHigh = [&] {
    if (Unequal) {
      MarginHigh = MarginLow;
      MarginHigh.mulSmall(2);
    }
  };
  auto High = [&]() -> const BigInt & {
    return Unequal ? MarginHigh : MarginLow;
  };

  const double Log10_2 = 0.30102999566398119521373889472449;
  int DigitExponent =
      (int)std::ceil((double)((int)P.MantissaBit + Exponent) * Log10_2 - 0.69);
  if (CutoffMax >= 0 && Cutoff == CutoffMode::FractionLength &&
      DigitExponent <= -CutoffMax)
    DigitExponent = -CutoffMax + 1;

  if (DigitExponent > 0) {
    Scale.mulPow10(DigitExponent);
  } else if (DigitExponent < 0) {
    ScaledValue.mulPow10(-DigitExponent);
    MarginLow.mulPow10(-DigitExponent);
    SyncHigh();
  }

  if (BigInt::compare(ScaledValue, Scale) >= 0) {
    DigitExponent = DigitExponent + 1;
  } else {
    ScaledValue.mulSmall(10);
    MarginLow.mulSmall(10);
    SyncHigh();
  }

  int CutoffMaxExponent = DigitExponent - BufferSize;
  if (CutoffMax >= 0) {
    int Desired = Cutoff == CutoffMode::TotalLength ? DigitExponent - CutoffMax
                                                    : -CutoffMax;
    if (Desired > CutoffMaxExponent)
      CutoffMaxExponent = Desired;
  }
  int CutoffMinExponent = DigitExponent;
  if (CutoffMin >= 0) {
    int Desired = Cutoff == CutoffMode::TotalLength ? DigitExponent - CutoffMin
                                                    : -CutoffMin;
    if (Desired < CutoffMinExponent)
      CutoffMinExponent = Desired;
  }

  Out.Exp = DigitExponent - 1;

  bool Low = false, Hi = false;
  uint32_t OutputDigit = 0;
  if (Mode == DigitMode::Unique) {
    for (;;) {
      DigitExponent = DigitExponent - 1;
      OutputDigit = divRem9(ScaledValue, Scale);
      BigInt ScaledValueHigh = ScaledValue;
      ScaledValueHigh.add(High());
      int Cmp = BigInt::compare(ScaledValue, MarginLow);
      Low = IsEven ? (Cmp <= 0) : (Cmp < 0);
      Cmp = BigInt::compare(ScaledValueHigh, Scale);
      Hi = IsEven ? (Cmp >= 0) : (Cmp > 0);
      if (((Low | Hi) && DigitExponent <= CutoffMinExponent) ||
          DigitExponent == CutoffMaxExponent)
        break;
      Out.D.push_back((char)('0' + OutputDigit));
      ScaledValue.mulSmall(10);
      MarginLow.mulSmall(10);
      SyncHigh();
    }
  } else {
    for (;;) {
      DigitExponent = DigitExponent - 1;
      OutputDigit = divRem9(ScaledValue, Scale);
      if (ScaledValue.isZero() || DigitExponent == CutoffMaxExponent)
        break;
      Out.D.push_back((char)('0' + OutputDigit));
      ScaledValue.mulSmall(10);
    }
  }

  bool RoundDown = Low;
  if (Low == Hi) {
    ScaledValue.mulSmall(2);
    int Compare = BigInt::compare(ScaledValue, Scale);
    RoundDown = Compare < 0;
    if (Compare == 0)
      RoundDown = (OutputDigit & 1) == 0;
  }

  if (RoundDown) {
    Out.D.push_back((char)('0' + OutputDigit));
  } else if (OutputDigit == 9) {
    for (;;) {
      if (Out.D.empty()) {
        Out.D.push_back('1');
        Out.Exp += 1;
        break;
      }
      char C = Out.D.back();
      Out.D.pop_back();
      if (C != '9') {
        Out.D.push_back((char)(C + 1));
        break;
      }
    }
  } else {
    Out.D.push_back((char)('0' + OutputDigit + 1));
  }
  return Out;
}

TrimMode trimModeOf(char C) {
  switch (C) {
  case '.':
    return TrimMode::Zeros;
  case '0':
    return TrimMode::LeaveOneZero;
  case '-':
    return TrimMode::DptZeros;
  default:
    return TrimMode::None;
  }
}

std::string printInfNan(const FloatParts &P, char SignBit) {
  if (P.IsInf) {
    std::string S;
    if (SignBit)
      S.push_back(SignBit);
    return S + "inf";
  }
  return "nan";
}

/// Port of NumPy's FormatPositional().
std::string formatPositionalParts(const FloatParts &P, char SignBit,
                                  DigitMode Mode, CutoffMode Cutoff,
                                  int Precision, int MinDigits, TrimMode Trim,
                                  int DigitsLeft, int DigitsRight) {
  std::string Buf;
  int HasSign = 0;
  if (SignBit == '+' || SignBit == '-') {
    Buf.push_back(SignBit);
    HasSign = 1;
  }
  Digits D =
      dragon4(P, Mode, Cutoff, Precision, MinDigits, kBufferSize - 1 - HasSign);
  int NumDigits = (int)D.D.size();
  int PrintExponent = D.Exp;
  int NumWholeDigits = 0, NumFractionDigits = 0;
  if (PrintExponent >= 0) {
    NumWholeDigits = PrintExponent + 1;
    if (NumDigits <= NumWholeDigits) {
      Buf += D.D;
      Buf.append((size_t)(NumWholeDigits - NumDigits), '0');
    } else {
      NumFractionDigits = NumDigits - NumWholeDigits;
      Buf += D.D.substr(0, (size_t)NumWholeDigits);
      Buf.push_back('.');
      Buf += D.D.substr((size_t)NumWholeDigits);
    }
  } else {
    int NumFractionZeros = -(PrintExponent + 1);
    Buf += "0.";
    Buf.append((size_t)NumFractionZeros, '0');
    Buf += D.D;
    NumFractionDigits = NumDigits + NumFractionZeros;
    NumWholeDigits = 1;
  }

  if (Trim != TrimMode::DptZeros && NumFractionDigits == 0)
    Buf.push_back('.');

  int AddDigits = Mode == DigitMode::Unique ? MinDigits : Precision;
  int DesiredFractionalDigits = AddDigits < 0 ? 0 : AddDigits;
  if (Cutoff == CutoffMode::TotalLength)
    DesiredFractionalDigits = AddDigits - NumWholeDigits;

  if (Trim == TrimMode::LeaveOneZero) {
    if (NumFractionDigits == 0) {
      Buf.push_back('0');
      ++NumFractionDigits;
    }
  } else if (Trim == TrimMode::None &&
             DesiredFractionalDigits > NumFractionDigits) {
    int Count = DesiredFractionalDigits - NumFractionDigits;
    NumFractionDigits += Count;
    Buf.append((size_t)Count, '0');
  }

  if (Trim != TrimMode::None && NumFractionDigits > 0) {
    while (Buf.back() == '0') {
      Buf.pop_back();
      --NumFractionDigits;
    }
    if (Buf.back() == '.') {
      if (Trim == TrimMode::LeaveOneZero) {
        Buf.push_back('0');
        ++NumFractionDigits;
      } else if (Trim == TrimMode::DptZeros) {
        Buf.pop_back();
      }
    }
  }

  if (DigitsRight >= NumFractionDigits) {
    int Count = DigitsRight - NumFractionDigits;
    if (Trim == TrimMode::DptZeros && NumFractionDigits == 0)
      Buf.push_back(' ');
    Buf.append((size_t)Count, ' ');
  }
  if (DigitsLeft > NumWholeDigits + HasSign) {
    int Shift = DigitsLeft - (NumWholeDigits + HasSign);
    Buf.insert(0, (size_t)Shift, ' ');
  }
  return Buf;
}

/// Port of NumPy's FormatScientific().
std::string formatScientificParts(const FloatParts &P, char SignBit,
                                  DigitMode Mode, int Precision, int MinDigits,
                                  TrimMode Trim, int DigitsLeft,
                                  int ExpDigits) {
  std::string Buf;
  int LeftChars = 1 + (SignBit == '-' || SignBit == '+');
  if (DigitsLeft > LeftChars)
    Buf.append((size_t)(DigitsLeft - LeftChars), ' ');
  if (SignBit == '+' || SignBit == '-')
    Buf.push_back(SignBit);

  Digits D = dragon4(
      P, Mode, CutoffMode::TotalLength, Precision < 0 ? -1 : Precision + 1,
      MinDigits < 0 ? -1 : MinDigits + 1, kBufferSize - (int)Buf.size());
  int NumDigits = (int)D.D.size();
  int PrintExponent = D.Exp;
  Buf.push_back(D.D[0]);
  int NumFractionDigits = NumDigits - 1;
  if (NumFractionDigits > 0) {
    Buf.push_back('.');
    Buf += D.D.substr(1);
  }
  if (Trim != TrimMode::DptZeros && NumFractionDigits == 0)
    Buf.push_back('.');

  int AddDigits = Mode == DigitMode::Unique ? MinDigits : Precision;
  AddDigits = AddDigits < 0 ? 0 : AddDigits;
  if (Trim == TrimMode::LeaveOneZero) {
    if (NumFractionDigits == 0) {
      Buf.push_back('0');
      ++NumFractionDigits;
    }
  } else if (Trim == TrimMode::None) {
    if (AddDigits > NumFractionDigits) {
      int NumZeros = AddDigits - NumFractionDigits;
      Buf.append((size_t)NumZeros, '0');
      NumFractionDigits += NumZeros;
    }
  }

  if (Trim != TrimMode::None && NumFractionDigits > 0) {
    while (Buf.back() == '0') {
      Buf.pop_back();
      --NumFractionDigits;
    }
    if (Trim == TrimMode::LeaveOneZero && Buf.back() == '.') {
      Buf.push_back('0');
      ++NumFractionDigits;
    }
  }

  if (ExpDigits > 5)
    ExpDigits = 5;
  if (ExpDigits < 0)
    ExpDigits = 2;
  Buf.push_back('e');
  if (PrintExponent >= 0) {
    Buf.push_back('+');
  } else {
    Buf.push_back('-');
    PrintExponent = -PrintExponent;
  }
  int Dg[5];
  for (int I = 0; I < 5; ++I) {
    Dg[I] = PrintExponent % 10;
    PrintExponent /= 10;
  }
  int I = 5;
  for (; I > ExpDigits && Dg[I - 1] == 0; --I) {
  }
  for (int J = I; J > 0; --J)
    Buf.push_back((char)('0' + Dg[J - 1]));
  return Buf;
}

char signBitOf(const FloatParts &P, bool Sign) {
  if (P.Negative)
    return '-';
  if (Sign)
    return '+';
  return '\0';
}

} // namespace

std::string formatFloatPositional(double X, FloatKind Kind, int Precision,
                                  bool Unique, bool Fractional, char Trim,
                                  bool Sign, int PadLeft, int PadRight,
                                  int MinDigits) {
  FloatParts P = decompose(X, Kind);
  char SB = signBitOf(P, Sign);
  if (P.IsNan || P.IsInf)
    return printInfNan(P, SB);
  return formatPositionalParts(
      P, SB, Unique ? DigitMode::Unique : DigitMode::Exact,
      Fractional ? CutoffMode::FractionLength : CutoffMode::TotalLength,
      Precision, MinDigits, trimModeOf(Trim), PadLeft, PadRight);
}

std::string formatFloatScientific(double X, FloatKind Kind, int Precision,
                                  bool Unique, char Trim, bool Sign,
                                  int PadLeft, int ExpDigits, int MinDigits) {
  FloatParts P = decompose(X, Kind);
  char SB = signBitOf(P, Sign);
  if (P.IsNan || P.IsInf)
    return printInfNan(P, SB);
  return formatScientificParts(
      P, SB, Unique ? DigitMode::Unique : DigitMode::Exact, Precision,
      MinDigits, trimModeOf(Trim), PadLeft, ExpDigits);
}

std::string numpyFloatScalarRepr(double X, FloatKind Kind) {
  FloatParts P = decompose(X, Kind);
  char SB = signBitOf(P, false);
  if (P.IsNan || P.IsInf)
    return printInfNan(P, SB);
  double Abs = std::fabs(X);
  if (Abs == 0 || (Abs < 1.e16 && Abs >= 1.e-4))
    return formatPositionalParts(P, SB, DigitMode::Unique,
                                 CutoffMode::TotalLength, -1, -1,
                                 TrimMode::LeaveOneZero, -1, -1);
  return formatScientificParts(P, SB, DigitMode::Unique, -1, -1,
                               TrimMode::DptZeros, -1, -1);
}

std::string pyBytesRepr(std::string_view S) {
  bool HasSingle = S.find('\'') != std::string_view::npos;
  bool HasDouble = S.find('"') != std::string_view::npos;
  char Quote = (HasSingle && !HasDouble) ? '"' : '\'';
  std::string R = "b";
  R.push_back(Quote);
  static const char Hex[] = "0123456789abcdef";
  for (unsigned char C : S) {
    if (C == (unsigned char)Quote || C == '\\') {
      R.push_back('\\');
      R.push_back((char)C);
    } else if (C == '\t') {
      R += "\\t";
    } else if (C == '\n') {
      R += "\\n";
    } else if (C == '\r') {
      R += "\\r";
    } else if (C < 0x20 || C >= 0x7f) {
      R += "\\x";
      R.push_back(Hex[C >> 4]);
      R.push_back(Hex[C & 15]);
    } else {
      R.push_back((char)C);
    }
  }
  R.push_back(Quote);
  return R;
}

PrintOptions &printOptions() {
  static PrintOptions options;
  return options;
}

namespace {

//===----------------------------------------------------------------------===//
// NumPy arrayprint
//===----------------------------------------------------------------------===//

/// ml_dtypes' bfloat16 repr: std::ostream << float (i.e. "%g"), "nan".
std::string bfloat16Repr(float F) {
  if (std::isnan(F))
    return "nan";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%g", (double)F);
  return Buf;
}

std::string int64ToString(int64_t V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%lld", (long long)V);
  return Buf;
}

/// Divide in the precision of the kind, as NumPy does for max_val/min_val.
double divideInKind(double A, double B, FloatKind Kind) {
  switch (Kind) {
  case FloatKind::Double:
    return A / B;
  case FloatKind::Single: {
    volatile float Q = (float)A / (float)B;
    return Q;
  }
  case FloatKind::Half: {
    float Q = (float)A / (float)B;
    return halfToFloat(floatToHalf(Q));
  }
  }
  return A / B;
}

/// NumPy's FloatingFormat with the default print options.
class FloatingFormat {
public:
  FloatingFormat(const std::vector<double> &Data, FloatKind Kind) : Kind(Kind) {
    fill(Data);
  }

  std::string operator()(double X) const {
    if (!std::isfinite(X)) {
      std::string Ret = std::isnan(X) ? "nan" : (X < 0 ? "-inf" : "inf");
      int Pad = PadLeft + PadRight + 1 - (int)Ret.size();
      return std::string((size_t)std::max(Pad, 0), ' ') + Ret;
    }
    FloatParts P = decompose(X, Kind);
    char SB = signBitOf(P, false);
    if (ExpFormat)
      return formatScientificParts(P, SB, DigitMode::Unique, Precision,
                                   MinDigits, Trim, PadLeft, ExpSize);
    return formatPositionalParts(P, SB, DigitMode::Unique,
                                 CutoffMode::FractionLength, Precision,
                                 MinDigits, Trim, PadLeft, PadRight);
  }

private:
  FloatKind Kind;
  bool ExpFormat = false;
  int Precision = printOptions().precision;
  int MinDigits = -1;
  TrimMode Trim = TrimMode::Zeros;
  int PadLeft = 0, PadRight = 0, ExpSize = -1;

  void fill(const std::vector<double> &Data) {
    std::vector<double> Finite;
    for (double X : Data)
      if (std::isfinite(X))
        Finite.push_back(X);

    bool HaveNonZero = false;
    double MaxVal = 0, MinVal = 0;
    for (double X : Finite) {
      if (X == 0)
        continue;
      double A = std::fabs(X);
      if (!HaveNonZero) {
        MaxVal = MinVal = A;
        HaveNonZero = true;
      } else {
        MaxVal = std::max(MaxVal, A);
        MinVal = std::min(MinVal, A);
      }
    }
    if (HaveNonZero) {
      // NumPy 2 compares the array's scalars with Python floats, which
      // NEP 50 converts to the array's dtype: for float32 the bound 0.0001
      // is 9.99999974738e-05, so float32 1e-4 prints positional.
      auto inKind = [&](double X) {
        switch (Kind) {
        case FloatKind::Single:
          return (double)(float)X;
        case FloatKind::Half:
          return (double)halfToFloat(floatToHalf((float)X));
        default:
          return X;
        }
      };
      double Ratio = divideInKind(MaxVal, MinVal, Kind);
      if (MaxVal >= inKind(1.e8) ||
          (!printOptions().suppress &&
           (MinVal < inKind(0.0001) || Ratio > 1000.)))
        ExpFormat = true;
    }

    if (Finite.empty()) {
      PadLeft = 0;
      PadRight = 0;
      Trim = TrimMode::Zeros;
      ExpSize = -1;
      MinDigits = -1;
    } else if (ExpFormat) {
      size_t MaxExp = 0, MaxFrac = 0, MaxInt = 0;
      for (double X : Finite) {
        FloatParts P = decompose(X, Kind);
        std::string S =
            formatScientificParts(P, signBitOf(P, false), DigitMode::Unique,
                                  Precision, -1, TrimMode::Zeros, -1, -1);
        size_t E = S.find('e');
        std::string Mant = S.substr(0, E), Ex = S.substr(E + 1);
        size_t Dot = Mant.find('.');
        MaxExp = std::max(MaxExp, Ex.size());
        MaxInt = std::max(MaxInt, Dot);
        MaxFrac = std::max(MaxFrac, Mant.size() - Dot - 1);
      }
      ExpSize = (int)MaxExp - 1;
      Trim = TrimMode::None;
      Precision = (int)MaxFrac;
      MinDigits = Precision;
      PadLeft = (int)MaxInt;
      PadRight = ExpSize + 2 + Precision;
    } else {
      size_t MaxFrac = 0, MaxInt = 0;
      for (double X : Finite) {
        FloatParts P = decompose(X, Kind);
        std::string S = formatPositionalParts(
            P, signBitOf(P, false), DigitMode::Unique,
            CutoffMode::FractionLength, Precision, -1, TrimMode::Zeros, -1, -1);
        size_t Dot = S.find('.');
        MaxInt = std::max(MaxInt, Dot);
        MaxFrac = std::max(MaxFrac, S.size() - Dot - 1);
      }
      PadLeft = (int)MaxInt;
      PadRight = (int)MaxFrac;
      ExpSize = -1;
      Trim = TrimMode::Zeros;
      MinDigits = 0;
    }

    if (Data.size() != Finite.size()) {
      bool NegInf = false;
      for (double X : Data)
        if (std::isinf(X) && X < 0)
          NegInf = true;
      int NanLen = 3, InfLen = 3 + (NegInf ? 1 : 0);
      int Offset = PadRight + 1;
      PadLeft = std::max({PadLeft, NanLen - Offset, InfLen - Offset});
    }
  }
};

/// Formats one element of an array as NumPy's format function for its dtype.
class ElementFormatter {
public:
  ElementFormatter(const TensorView &T, const std::vector<size_t> &Shown,
                   bool ZeroD)
      : T(T) {
    if (T.dtype == DType::Bool) {
      TrueStr = ZeroD ? "True" : " True";
    } else if (isIntDType(T.dtype)) {
      size_t W = 0;
      if (!Shown.empty()) {
        int64_t Mx = getInt(T, Shown[0]), Mn = Mx;
        for (size_t I : Shown) {
          int64_t V = getInt(T, I);
          Mx = std::max(Mx, V);
          Mn = std::min(Mn, V);
        }
        W = std::max(int64ToString(Mx).size(), int64ToString(Mn).size());
      }
      Width = W;
    } else if (isFloatDType(T.dtype)) {
      std::vector<double> Vals;
      Vals.reserve(Shown.size());
      for (size_t I : Shown)
        Vals.push_back(getFloat(T, I));
      Float = std::make_unique<FloatingFormat>(Vals, floatKindOf(T.dtype));
    }
  }

  std::string operator()(size_t I) const {
    switch (T.dtype) {
    case DType::Bool:
      return getInt(T, I) ? TrueStr : "False";
    case DType::String:
      return pyBytesRepr(getString(T, I));
    case DType::BFloat16:
      return bfloat16Repr((float)getFloat(T, I));
    case DType::Float16:
    case DType::Float32:
    case DType::Float64:
      return (*Float)(getFloat(T, I));
    default: {
      std::string S = int64ToString(getInt(T, I));
      if (S.size() < Width)
        S.insert(0, Width - S.size(), ' ');
      return S;
    }
    }
  }

private:
  const TensorView &T;
  std::string TrueStr;
  size_t Width = 0;
  std::unique_ptr<FloatingFormat> Float;
};

/// Flat indices of the elements NumPy's _leading_trailing keeps.
void leadingTrailing(const std::vector<int64_t> &Shape, size_t Axis,
                     size_t Offset, std::vector<size_t> &Out) {
  if (Axis == Shape.size()) {
    Out.push_back(Offset);
    return;
  }
  size_t Stride = 1;
  for (size_t A = Axis + 1; A < Shape.size(); ++A)
    Stride *= (size_t)Shape[A];
  int64_t N = Shape[Axis];
  if (N > 2 * printOptions().edgeItems) {
    for (int64_t I = 0; I < printOptions().edgeItems; ++I)
      leadingTrailing(Shape, Axis + 1, Offset + (size_t)I * Stride, Out);
    for (int64_t I = N - printOptions().edgeItems; I < N; ++I)
      leadingTrailing(Shape, Axis + 1, Offset + (size_t)I * Stride, Out);
  } else {
    for (int64_t I = 0; I < N; ++I)
      leadingTrailing(Shape, Axis + 1, Offset + (size_t)I * Stride, Out);
  }
}

std::string rstrip(const std::string &S) {
  size_t E = S.size();
  while (E > 0 && (S[E - 1] == ' ' || S[E - 1] == '\t' || S[E - 1] == '\n' ||
                   S[E - 1] == '\r' || S[E - 1] == '\v' || S[E - 1] == '\f'))
    --E;
  return S.substr(0, E);
}

void extendLine(std::string &S, std::string &Line, const std::string &Word,
                int LineWidth, const std::string &NextLinePrefix) {
  bool NeedsWrap = (int)(Line.size() + Word.size()) > LineWidth;
  if (Line.size() <= NextLinePrefix.size())
    NeedsWrap = false;
  if (NeedsWrap) {
    S += rstrip(Line);
    S += "\n";
    Line = NextLinePrefix;
  }
  Line += Word;
}

class ArrayFormatter {
public:
  ArrayFormatter(const TensorView &T, const ElementFormatter &Fmt,
                 const std::string &Separator, bool Summarize)
      : T(T), Fmt(Fmt), Sep(Separator), Summarize(Summarize) {
    SepStripped = rstrip(Sep);
  }

  std::string recurse(size_t Axis, size_t Offset, const std::string &Hanging,
                      int CurrWidth) const {
    size_t Ndim = T.shape.size();
    size_t AxesLeft = Ndim - Axis;
    if (AxesLeft == 0)
      return Fmt(Offset);

    std::string NextHanging = Hanging + " ";
    int NextWidth = CurrWidth - 1;
    int64_t ALen = T.shape[Axis];
    bool ShowSummary = Summarize && 2 * printOptions().edgeItems < ALen;
    int64_t Leading = ShowSummary ? printOptions().edgeItems : 0;
    int64_t Trailing = ShowSummary ? printOptions().edgeItems : ALen;
    size_t Stride = 1;
    for (size_t A = Axis + 1; A < Ndim; ++A)
      Stride *= (size_t)T.shape[A];
    auto At = [&](int64_t I) { return Offset + (size_t)I * Stride; };

    std::string S;
    if (AxesLeft == 1) {
      int ElemWidth = CurrWidth - std::max((int)SepStripped.size(), 1);
      std::string Line = Hanging;
      for (int64_t I = 0; I < Leading; ++I) {
        std::string Word = recurse(Axis + 1, At(I), NextHanging, NextWidth);
        extendLine(S, Line, Word, ElemWidth, Hanging);
        Line += Sep;
      }
      if (ShowSummary) {
        extendLine(S, Line, "...", ElemWidth, Hanging);
        Line += Sep;
      }
      for (int64_t I = Trailing; I > 1; --I) {
        std::string Word =
            recurse(Axis + 1, At(ALen - I), NextHanging, NextWidth);
        extendLine(S, Line, Word, ElemWidth, Hanging);
        Line += Sep;
      }
      std::string Word =
          recurse(Axis + 1, At(ALen - 1), NextHanging, NextWidth);
      extendLine(S, Line, Word, ElemWidth, Hanging);
      S += Line;
    } else {
      std::string LineSep = SepStripped + std::string(AxesLeft - 1, '\n');
      for (int64_t I = 0; I < Leading; ++I)
        S += Hanging + recurse(Axis + 1, At(I), NextHanging, NextWidth) +
             LineSep;
      if (ShowSummary)
        S += Hanging + "..." + LineSep;
      for (int64_t I = Trailing; I > 1; --I)
        S += Hanging + recurse(Axis + 1, At(ALen - I), NextHanging, NextWidth) +
             LineSep;
      S += Hanging + recurse(Axis + 1, At(ALen - 1), NextHanging, NextWidth);
    }
    return "[" + S.substr(Hanging.size()) + "]";
  }

private:
  const TensorView &T;
  const ElementFormatter &Fmt;
  std::string Sep, SepStripped;
  bool Summarize;
};

/// numpy.array2string(a, separator=Sep, prefix=Prefix, suffix=Suffix) with
/// the default options (legacy=False).
std::string array2string(const TensorView &T, const std::string &Sep,
                         const std::string &Prefix, const std::string &Suffix) {
  int LineWidth = printOptions().lineWidth - (int)Suffix.size();
  size_t Size = numElements(T.shape);
  if (Size == 0)
    return "[]";
  bool Summarize = (double)Size > printOptions().threshold;
  std::vector<size_t> Shown;
  if (Summarize) {
    leadingTrailing(T.shape, 0, 0, Shown);
  } else {
    Shown.resize(Size);
    for (size_t I = 0; I < Size; ++I)
      Shown[I] = I;
  }
  ElementFormatter Fmt(T, Shown, T.shape.empty());
  std::string NextLinePrefix = " " + std::string(Prefix.size(), ' ');
  ArrayFormatter AF(T, Fmt, Sep, Summarize);
  return AF.recurse(0, 0, NextLinePrefix, LineWidth);
}

std::string pyTupleRepr(const std::vector<int64_t> &Shape) {
  std::string S = "(";
  for (size_t I = 0; I < Shape.size(); ++I) {
    if (I)
      S += ", ";
    S += int64ToString(Shape[I]);
  }
  if (Shape.size() == 1)
    S += ",";
  return S + ")";
}

bool dtypeIsImplied(DType D) {
  return D == DType::Int64 || D == DType::Float64 || D == DType::Bool;
}

const char *numpyDTypeName(DType D) {
  return D == DType::String ? "object" : dtypeName(D);
}

} // namespace

std::string numpyScalarStr(const TensorView &T) {
  switch (T.dtype) {
  case DType::Bool:
    return getInt(T, 0) ? "True" : "False";
  case DType::String:
    return pyBytesRepr(getString(T, 0));
  case DType::BFloat16:
    return bfloat16Repr((float)getFloat(T, 0));
  case DType::Float16:
  case DType::Float32:
  case DType::Float64:
    return numpyFloatScalarRepr(getFloat(T, 0), floatKindOf(T.dtype));
  default:
    return int64ToString(getInt(T, 0));
  }
}

std::string numpyScalarRepr(const TensorView &T) {
  // NumPy 2 names the scalar's type: np.float32(1.5), np.True_.
  switch (T.dtype) {
  case DType::Bool:
    return getInt(T, 0) ? "np.True_" : "np.False_";
  case DType::String:
    return "np.bytes_(" + numpyScalarStr(T) + ")";
  case DType::BFloat16: // ml_dtypes' scalars print as plain numbers
    return numpyScalarStr(T);
  default:
    return std::string("np.") + dtypeName(T.dtype) + "(" + numpyScalarStr(T) +
           ")";
  }
}

std::string numpyArray2String(const TensorView &T, const std::string &Sep,
                              const std::string &Prefix,
                              const std::string &Suffix) {
  return array2string(T, Sep, Prefix, Suffix);
}

std::string numpyStr(const TensorView &T) {
  if (T.shape.empty())
    return numpyScalarStr(T);
  return array2string(T, " ", "", "");
}

std::string numpyRepr(const TensorView &T) {
  // NumPy 2's repr (TensorFlow 2.20 ships with it): `shape=` joins the
  // extras of an array summarized past the threshold.
  const std::string ClassName = "array";
  size_t Size = numElements(T.shape);
  std::string Prefix = ClassName + "(";
  std::string Lst;
  if (Size > 0 || (T.shape.size() == 1 && T.shape[0] == 0))
    Lst = array2string(T, ", ", Prefix, ",");
  else
    Lst = "[], shape=" + pyTupleRepr(T.shape);
  std::vector<std::string> Extras;
  if ((double)Size > printOptions().threshold)
    Extras.push_back("shape=" + pyTupleRepr(T.shape));
  if (!dtypeIsImplied(T.dtype) || Size == 0)
    Extras.push_back(std::string("dtype=") + numpyDTypeName(T.dtype));
  if (Extras.empty())
    return Prefix + Lst + ")";
  std::string ArrStr = Prefix + Lst + ",";
  std::string ExtraStr;
  for (size_t I = 0; I < Extras.size(); ++I)
    ExtraStr += (I ? ", " : "") + Extras[I];
  ExtraStr += ")";
  size_t NL = ArrStr.rfind('\n');
  size_t LastLineLen =
      NL == std::string::npos ? ArrStr.size() : ArrStr.size() - (NL + 1);
  std::string Spacer = " ";
  if ((int)(LastLineLen + ExtraStr.size() + 1) > printOptions().lineWidth)
    Spacer = "\n" + std::string(Prefix.size(), ' ');
  return ArrStr + Spacer + ExtraStr;
}

//===----------------------------------------------------------------------===//
// TensorFlow
//===----------------------------------------------------------------------===//

std::string shapeStr(const std::vector<int64_t> &Shape, bool UnknownRank) {
  if (UnknownRank)
    return "<unknown>";
  std::string S = "(";
  for (size_t I = 0; I < Shape.size(); ++I) {
    if (I)
      S += ", ";
    S += Shape[I] < 0 ? std::string("None") : int64ToString(Shape[I]);
  }
  if (Shape.size() == 1)
    S += ",";
  return S + ")";
}

std::string shapeAsListStr(const std::vector<int64_t> &Shape) {
  std::string S = "[";
  for (size_t I = 0; I < Shape.size(); ++I) {
    if (I)
      S += ", ";
    S += Shape[I] < 0 ? std::string("None") : int64ToString(Shape[I]);
  }
  return S + "]";
}

std::string shapeRepr(const std::vector<int64_t> &Shape, bool UnknownRank) {
  if (UnknownRank)
    return "TensorShape(None)";
  return "TensorShape(" + shapeAsListStr(Shape) + ")";
}

std::string tensorStr(const TensorView &T) {
  std::string Text = numpyStr(T);
  if (Text.find('\n') != std::string::npos)
    Text = "\n" + Text;
  return "tf.Tensor(" + Text + ", shape=" + shapeStr(T.shape, false) +
         ", dtype=" + dtypeName(T.dtype) + ")";
}

std::string numpyText(const TensorView &T) {
  // TensorFlow 2.20 shows a float scalar as the Python float it converts
  // to: float32 0.1 is 0.10000000149011612, bfloat16 1/3 0.333984375.
  bool floating = isFloatDType(T.dtype) || T.dtype == DType::BFloat16;
  std::string Text = !T.shape.empty() ? numpyRepr(T)
                     : floating       ? floatRepr(getFloat(T, 0))
                                      : numpyScalarStr(T);
  if (Text.find('\n') != std::string::npos)
    Text = "\n" + Text;
  return Text;
}

std::string tensorRepr(const TensorView &T) {
  return "<tf.Tensor: shape=" + shapeStr(T.shape, false) +
         ", dtype=" + dtypeName(T.dtype) + ", numpy=" + numpyText(T) + ">";
}

std::string tfCEscape(const std::string &S) {
  std::string R;
  for (unsigned char C : S) {
    switch (C) {
    case '\n':
      R += "\\n";
      break;
    case '\r':
      R += "\\r";
      break;
    case '\t':
      R += "\\t";
      break;
    case '"':
      R += "\\\"";
      break;
    case '\'':
      R += "\\'";
      break;
    case '\\':
      R += "\\\\";
      break;
    default:
      if (C < 0x80 && (C < 0x20 || C == 0x7f)) {
        R.push_back('\\');
        R.push_back((char)('0' + (C >> 6)));
        R.push_back((char)('0' + ((C >> 3) & 7)));
        R.push_back((char)('0' + (C & 7)));
      } else {
        R.push_back((char)C);
      }
    }
  }
  return R;
}

namespace {

/// A string element inside a tensor's text: quoted and escaped.
void printStringElement(kiln_text *Out, const void *Element, void *) {
  std::string Text =
      "\"" + tfCEscape(*static_cast<const std::string *>(Element)) + "\"";
  kiln_text_append(Out, Text.data(), Text.size());
}

} // namespace

static_assert(static_cast<int>(DType::Bool) == KILN_BOOL &&
                  static_cast<int>(DType::UInt8) == KILN_UINT8 &&
                  static_cast<int>(DType::Float64) == KILN_FLOAT64,
              "tracer dtypes number as kiln_dtype");

// The element walk and the number formats are kiln/tf_print.h's, shared
// with compiled libraries; only string elements are formatted here.
std::string tfPrintFormat(const TensorView &T, int64_t Summarize) {
  if (T.dtype == DType::String && T.shape.empty())
    return getString(T, 0);
  kiln_text Out = {};
  if (T.dtype == DType::String) {
    kiln_tfp_view V = {(int64_t)T.shape.size(),
                       T.shape.data(),
                       nullptr,
                       static_cast<const char *>(T.data),
                       sizeof(std::string),
                       printStringElement,
                       nullptr};
    kiln_tfp_format(&Out, &V, /*is_bool=*/0, Summarize);
  } else {
    kiln_tf_print_tensor(&Out, static_cast<int32_t>(T.dtype),
                         (int64_t)T.shape.size(), T.shape.data(), nullptr,
                         T.data, Summarize);
  }
  std::string Text = Out.data ? std::string(Out.data, Out.size) : "";
  std::free(Out.data);
  if (Out.failed)
    throw std::bad_alloc();
  return Text;
}

} // namespace kiln::py
