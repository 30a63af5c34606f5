#ifndef CX11_SHIM_H
#define CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XInput2.h>

/// XCreateIC is variadic, which Swift cannot call: an input context for `window` whose input
/// method shows its own pre-edit and status (XIMPreeditNothing | XIMStatusNothing), the style
/// every input method offers, the built-in compose one included.
static inline XIC scenecore_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, (long)(XIMPreeditNothing | XIMStatusNothing), XNClientWindow, window,
                     XNFocusWindow, window, (char *)NULL);
}

/// The events the input context needs the window to select (XGetICValues is variadic too).
static inline long scenecore_ic_filter_events(XIC ic) {
    long mask = 0;
    if (XGetICValues(ic, XNFilterEvents, &mask, (char *)NULL) != NULL) return 0;
    return mask;
}
#endif
