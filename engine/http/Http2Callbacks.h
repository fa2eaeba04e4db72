#pragma once

// Http2Connection's nghttp2 callbacks (Http2Callbacks.cpp), for the engine's
// own HTTP/2 files only: it includes nghttp2, which the engine's users do not see.
#include "http/Http2Connection.h"

#include <nghttp2/nghttp2.h>

namespace hostbench::http {

/*
 * nghttp2's server callbacks of an Http2Connection (user data: the
 * connection), the data source of a static body, and the callbacks and
 * options every session shares (made once, read-only afterwards: nghttp2
 * copies them into each session). Thread: the worker of the session.
 */
struct Http2Connection::Callbacks
{
    static Http2Connection &of(void *self) { return *static_cast<Http2Connection *>(self); }
    static Stream *streamOf(nghttp2_session *session, std::int32_t id);

    static int beginHeaders(nghttp2_session *session, const nghttp2_frame *frame, void *self);
    static int header(nghttp2_session *session, const nghttp2_frame *frame, const std::uint8_t *nameData,
        std::size_t nameLength, const std::uint8_t *valueData, std::size_t valueLength, std::uint8_t,
        void *self);
    static int frameReceived(nghttp2_session *session, const nghttp2_frame *frame, void *self);
    static int dataChunk(nghttp2_session *session, std::uint8_t, std::int32_t id, const std::uint8_t *data,
        std::size_t length, void *);
    static int frameSent(nghttp2_session *session, const nghttp2_frame *frame, void *);
    static int streamClose(nghttp2_session *session, std::int32_t id, std::uint32_t errorCode, void *self);
    // A static answer's body (Stream::body or Stream::file), a DATA frame's worth at a time.
    static ssize_t readBody(nghttp2_session *, std::int32_t, std::uint8_t *buffer, std::size_t length,
        std::uint32_t *flags, nghttp2_data_source *source, void *);

    static nghttp2_session_callbacks *make();
    static const nghttp2_session_callbacks *shared();
    static nghttp2_option *makeOptions();
    static const nghttp2_option *sharedOptions();
};

} // namespace hostbench::http
