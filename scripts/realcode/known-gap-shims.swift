// Optional second pass (run.sh --shims known-gap-shims.swift): spellings SceneCore lacks today
// that issue 31 lists as gaps being fixed, supplied here only so that the code behind them
// compiles and what SceneCore then does at run time shows. A run with shims measures run-time
// behaviour, not source compatibility; the report says which pass it is. Ours.
// (NSValue(caTransform3D:) and the cg… box spellings were here until SceneCore 91115b4 added them.)

let HUGE: Float = .infinity
let MAXFLOAT: Float = .greatestFiniteMagnitude
