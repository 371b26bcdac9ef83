/* A shared object that is not a kiln library: it exports no kiln_library. */
int not_a_kiln_library(void) { return 42; }
