// The Catch2 main for kiln's unit tests.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
