#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-ft.h>
#include <pango/pangocairo.h>
#include <hb-ot.h>
#endif
