#pragma once

#include "RawClient.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>

#include <nghttp2/nghttp2.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

// Raw HTTP/2 frames for the engine's tests (RFC 9113, RFC 7541): what a
// test builds goes out byte for byte, valid or not, and what the server
// sends is read frame by frame. Test code only; every wait is bounded.

namespace h2test {

// RFC 9113 §6: frame types and flags, and §7's error codes, as the test needs them.
enum FrameType : quint8 {
    kData = 0x0,
    kHeaders = 0x1,
    kRstStream = 0x3,
    kSettings = 0x4,
    kPing = 0x6,
    kGoaway = 0x7,
    kWindowUpdate = 0x8,
    kContinuation = 0x9
};
constexpr quint8 kEndStream = 0x1;
constexpr quint8 kAck = 0x1;
constexpr quint8 kEndHeaders = 0x4;
constexpr quint32 kNoError = 0x0;
constexpr quint32 kProtocolError = 0x1;
constexpr quint32 kFlowControlError = 0x3;
constexpr quint32 kStreamClosed = 0x5;
constexpr quint32 kCancel = 0x8;
constexpr quint32 kHttp11Required = 0xd;
constexpr quint32 kInternalError = 0x2;
constexpr quint32 kRefusedStream = 0x7;
constexpr int kTimeoutMs = 15000;

struct Frame
{
    quint8 type = 0;
    quint8 flags = 0;
    quint32 stream = 0;
    QByteArray payload;
    // RST_STREAM's code, GOAWAY's (after its last stream id).
    quint32 word(int at) const
    {
        if (payload.size() < at + 4)
            return ~0u;
        const auto *p = reinterpret_cast<const unsigned char *>(payload.constData() + at);
        return (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | p[3];
    }
};

// RFC 7541 §5.1: an integer with an N-bit prefix.
inline void appendInteger(QByteArray &out, quint8 first, int prefixBits, quint64 value)
{
    const quint64 limit = (1u << prefixBits) - 1;
    if (value < limit) {
        out.append(char(first | quint8(value)));
        return;
    }
    out.append(char(first | quint8(limit)));
    value -= limit;
    while (value >= 128) {
        out.append(char(0x80 | (value & 0x7f)));
        value >>= 7;
    }
    out.append(char(value));
}

// RFC 7541 §6.2.2: a literal field line without indexing, with a literal name, no Huffman coding;
// any bytes at all, so the test can send what a normal client never would.
inline void appendLiteral(QByteArray &block, const QByteArray &name, const QByteArray &value)
{
    block.append(char(0x00));
    appendInteger(block, 0x00, 7, quint64(name.size()));
    block.append(name);
    appendInteger(block, 0x00, 7, quint64(value.size()));
    block.append(value);
}

// A request's header block: the pseudo-header fields, then `extra`, each a literal.
inline QByteArray headerBlock(const QByteArray &method, const QByteArray &authority, const QByteArray &path,
    const QList<std::pair<QByteArray, QByteArray>> &extra = {}, const QByteArray &scheme = "http")
{
    QByteArray block;
    appendLiteral(block, ":method", method);
    appendLiteral(block, ":scheme", scheme);
    appendLiteral(block, ":authority", authority);
    appendLiteral(block, ":path", path);
    for (const auto &[name, value] : extra)
        appendLiteral(block, name, value);
    return block;
}

/*
 * A raw HTTP/2 client over a blocking POSIX socket to 127.0.0.1 (cleartext,
 * prior knowledge): it writes exactly the frames a test builds, valid or not,
 * and reads the server's frames one by one, every wait bounded. Test code only.
 */
class FrameClient final
{
public:
    explicit FrameClient(quint16 port)
        : m_fd(RawClient::connectLoopback(port))
    { }
    ~FrameClient()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        if (m_inflater)
            nghttp2_hd_inflate_del(m_inflater);
    }
    FrameClient(const FrameClient &) = delete;
    FrameClient &operator=(const FrameClient &) = delete;

    bool isOpen() const { return m_fd >= 0; }

    // The client preface and an empty SETTINGS frame (RFC 9113 §3.4).
    bool greet() { return writeAll("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") && send(kSettings, 0, 0, {}); }

    static QByteArray frame(quint8 type, quint8 flags, quint32 stream, const QByteArray &payload)
    {
        QByteArray out;
        const auto length = quint32(payload.size());
        out.append(char(length >> 16)).append(char(length >> 8)).append(char(length));
        out.append(char(type)).append(char(flags));
        out.append(char((stream >> 24) & 0x7f)).append(char(stream >> 16)).append(char(stream >> 8));
        out.append(char(stream));
        out.append(payload);
        return out;
    }
    static QByteArray word(quint32 value)
    {
        QByteArray out;
        out.append(char(value >> 24)).append(char(value >> 16)).append(char(value >> 8)).append(char(value));
        return out;
    }

    bool send(quint8 type, quint8 flags, quint32 stream, const QByteArray &payload)
    {
        return writeAll(frame(type, flags, stream, payload));
    }
    bool writeAll(const QByteArray &bytes)
    {
        qsizetype at = 0;
        while (at < bytes.size()) {
            const ssize_t n = ::send(m_fd, bytes.constData() + at, size_t(bytes.size() - at), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            at += n;
        }
        return true;
    }

    // The next frame; false on EOF, an error or the timeout (then `eof` says which).
    bool next(Frame &frame, int timeoutMs = kTimeoutMs)
    {
        QByteArray head;
        if (!readExactly(head, 9, timeoutMs))
            return false;
        const auto *p = reinterpret_cast<const unsigned char *>(head.constData());
        const int length = (p[0] << 16) | (p[1] << 8) | p[2];
        frame.type = p[3];
        frame.flags = p[4];
        frame.stream = ((quint32(p[5]) & 0x7f) << 24) | (quint32(p[6]) << 16) | (quint32(p[7]) << 8) | p[8];
        frame.payload.clear();
        if (!readExactly(frame.payload, length, timeoutMs))
            return false;
        // Acknowledge the server's SETTINGS and PINGs, as a client must (but
        // not inside a header block left open on purpose: RFC 9113 §6.10).
        if (!m_acknowledge)
            return true;
        if (frame.type == kSettings && (frame.flags & kAck) == 0)
            send(kSettings, kAck, 0, {});
        if (frame.type == kPing && (frame.flags & kAck) == 0)
            send(kPing, kAck, 0, frame.payload);
        return true;
    }

    // Frames until one of `type` (on `stream`, when not 0) comes; false when none did.
    bool waitFor(quint8 type, quint32 stream, Frame &found, QList<Frame> *seen = nullptr)
    {
        Frame frame;
        while (next(frame)) {
            if (seen)
                seen->append(frame);
            if (frame.type == type && (stream == 0 || frame.stream == stream)) {
                found = frame;
                return true;
            }
        }
        return false;
    }

    bool eof() const { return m_eof; }
    void setAcknowledging(bool acknowledge) { m_acknowledge = acknowledge; }

    // The fields of a HEADERS frame from the server, decoded with nghttp2's
    // HPACK decoder (RFC 7541; its dynamic table is the connection's, so
    // every HEADERS frame must pass here, in order). "name: value" each.
    QList<QByteArray> fieldsOf(const Frame &frame)
    {
        QList<QByteArray> fields;
        if (!m_inflater && nghttp2_hd_inflate_new(&m_inflater) != 0)
            return fields;
        const auto *in = reinterpret_cast<const uint8_t *>(frame.payload.constData());
        size_t left = size_t(frame.payload.size());
        for (;;) {
            nghttp2_nv field {};
            int flags = 0;
            const ssize_t used = nghttp2_hd_inflate_hd2(m_inflater, &field, &flags, in, left, 1);
            if (used < 0)
                return fields;
            in += used;
            left -= size_t(used);
            if (flags & NGHTTP2_HD_INFLATE_EMIT)
                fields.append(QByteArray(reinterpret_cast<const char *>(field.name), qsizetype(field.namelen))
                    + ": "
                    + QByteArray(reinterpret_cast<const char *>(field.value), qsizetype(field.valuelen)));
            if (flags & NGHTTP2_HD_INFLATE_FINAL) {
                nghttp2_hd_inflate_end_headers(m_inflater);
                return fields;
            }
            if (used == 0 && left == 0)
                return fields;
        }
    }

private:
    bool readExactly(QByteArray &out, int size, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        out.reserve(size);
        while (out.size() < size) {
            const qint64 left = timeoutMs - timer.elapsed();
            if (left <= 0)
                return false;
            pollfd waiting { m_fd, POLLIN, 0 };
            if (::poll(&waiting, 1, int(left)) <= 0)
                return false;
            char buffer[16384];
            const ssize_t n
                = ::recv(m_fd, buffer, std::min<size_t>(sizeof buffer, size_t(size - out.size())), 0);
            if (n <= 0) {
                m_eof = true;
                return false;
            }
            out.append(buffer, n);
        }
        return true;
    }

    int m_fd = -1;
    bool m_eof = false;
    bool m_acknowledge = true;
    nghttp2_hd_inflater *m_inflater = nullptr;
};

} // namespace h2test
