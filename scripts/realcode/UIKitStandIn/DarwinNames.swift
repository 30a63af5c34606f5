// Darwin's names that ported code uses and Linux's Foundation and Dispatch do not declare,
// with Darwin's types and values (<sys/time.h> and <dispatch/time.h>). Only names Linux lacks.
// Ours.

public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
