// libFuzzer's driver, for fuzz targets whose main is their own (SwiftPM gives every executable
// one): main calls it with the fuzz function. The fuzzer runtime (-sanitize=fuzzer) defines it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
