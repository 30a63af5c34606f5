#ifndef CGSTREAMER_SHIM_H
#define CGSTREAMER_SHIM_H
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <gst/pbutils/pbutils.h>

// What Swift cannot call itself: GObject's variadic setters and signal macros, GStreamer's
// accessor macros. One small function each, prefixed `scm_`.

static inline void scm_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

static inline void scm_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}

static inline void scm_set_uint(gpointer object, const char *name, guint value) {
    g_object_set(object, name, value, NULL);
}

static inline void scm_set_int64(gpointer object, const char *name, gint64 value) {
    g_object_set(object, name, value, NULL);
}

static inline void scm_set_double(gpointer object, const char *name, gdouble value) {
    g_object_set(object, name, value, NULL);
}

static inline void scm_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

/// Sets an object or boxed (caps) property; the object keeps its own reference.
static inline void scm_set_pointer(gpointer object, const char *name, gpointer value) {
    g_object_set(object, name, value, NULL);
}

static inline gint scm_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

/// Connects playbin's `about-to-finish` (emitted on a streaming thread).
static inline gulong scm_connect_about_to_finish(
    gpointer playbin, void (*callback)(GstElement *playbin, gpointer data), gpointer data) {
    return g_signal_connect_data(playbin, "about-to-finish", G_CALLBACK(callback), data, NULL, 0);
}

static inline void scm_disconnect(gpointer object, gulong handler) {
    g_signal_handler_disconnect(object, handler);
}

static inline GstElement *scm_message_source_element(GstMessage *message) {
    return GST_IS_ELEMENT(GST_MESSAGE_SRC(message)) ? GST_ELEMENT(GST_MESSAGE_SRC(message)) : NULL;
}

static inline gboolean scm_is_pipeline(GstObject *object) {
    return GST_IS_PIPELINE(object);
}

static inline const guint8 *scm_video_frame_plane(const GstVideoFrame *frame, guint plane) {
    return (const guint8 *)GST_VIDEO_FRAME_PLANE_DATA(frame, plane);
}

static inline gint scm_video_frame_stride(const GstVideoFrame *frame, guint plane) {
    return GST_VIDEO_FRAME_PLANE_STRIDE(frame, plane);
}

static inline guint scm_video_frame_planes(const GstVideoFrame *frame) {
    return GST_VIDEO_FRAME_N_PLANES(frame);
}

static inline gint scm_video_frame_comp_width(const GstVideoFrame *frame, guint component) {
    return GST_VIDEO_FRAME_COMP_WIDTH(frame, component);
}

static inline gint scm_video_frame_comp_height(const GstVideoFrame *frame, guint component) {
    return GST_VIDEO_FRAME_COMP_HEIGHT(frame, component);
}

/// The mapped frame in a block of its own, so that it can outlive the callback that mapped it.
static inline GstVideoFrame *scm_video_frame_map(GstVideoInfo *info, GstBuffer *buffer) {
    GstVideoFrame *frame = g_new0(GstVideoFrame, 1);
    if (!gst_video_frame_map(frame, info, buffer, GST_MAP_READ)) {
        g_free(frame);
        return NULL;
    }
    return frame;
}

static inline void scm_video_frame_unmap(GstVideoFrame *frame) {
    gst_video_frame_unmap(frame);
    g_free(frame);
}

static inline GstClockTime scm_clock_time_none(void) {
    return GST_CLOCK_TIME_NONE;
}

#endif
