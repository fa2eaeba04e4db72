#pragma once

#include <QByteArray>
#include <QElapsedTimer>
#include <QList>

#include <algorithm>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

/*
 * A blocking test client that speaks raw bytes over a POSIX socket to
 * 127.0.0.1, so the tests see exactly what the server sends. Every wait is
 * bounded (generous timeouts for a loaded machine). Test code only.
 */
class RawClient final
{
public:
    struct Reply
    {
        bool complete = false;
        int status = 0;
        QByteArray head; // status line and fields, without the blank line
        QByteArray body;
        QByteArray field(const QByteArray &name) const
        {
            for (const QByteArray &line : head.split('\n')) {
                const int colon = line.indexOf(':');
                if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
                    return line.mid(colon + 1).trimmed();
            }
            return QByteArray();
        }
    };

    static constexpr int kTimeoutMs = 15000;

    // `receiveBufferBytes` > 0: a small SO_RCVBUF, so that most of a large
    // body stays on the server's side until read.
    explicit RawClient(quint16 port, int receiveBufferBytes = 0)
        : m_fd(connectLoopback(port, receiveBufferBytes))
    { }
    // A blocking TCP connection to 127.0.0.1:`port` (FrameClient's too); -1 if refused.
    static int connectLoopback(quint16 port, int receiveBufferBytes = 0)
    {
        int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (receiveBufferBytes > 0)
            ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receiveBufferBytes, sizeof receiveBufferBytes);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            ::close(fd);
            fd = -1;
        }
        return fd;
    }
    ~RawClient()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    RawClient(const RawClient &) = delete;
    RawClient &operator=(const RawClient &) = delete;

    bool isConnected() const { return m_fd >= 0; }

    bool send(const QByteArray &bytes)
    {
        qsizetype sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n
                = ::send(m_fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            sent += n;
        }
        return true;
    }

    // Reads one response; `headRequest`: no body follows whatever Content-Length says.
    Reply read(bool headRequest = false)
    {
        Reply reply;
        int headEnd;
        while ((headEnd = m_buffer.indexOf("\r\n\r\n")) < 0) {
            if (!fill())
                return reply;
        }
        reply.head = m_buffer.left(headEnd);
        m_buffer.remove(0, headEnd + 4);
        const qsizetype lineEnd = reply.head.indexOf('\r'); // none when the head is one line (a 100)
        const QList<QByteArray> statusLine = (lineEnd < 0 ? reply.head : reply.head.left(lineEnd)).split(' ');
        reply.status = statusLine.size() > 1 ? statusLine[1].toInt() : 0;
        const qsizetype length = headRequest ? 0 : reply.field("Content-Length").toLongLong();
        while (m_buffer.size() < length) {
            if (!fill())
                return reply;
        }
        reply.body = m_buffer.left(length);
        m_buffer.remove(0, length);
        reply.complete = true;
        return reply;
    }

    Reply request(const QByteArray &bytes, bool headRequest = false)
    {
        return send(bytes) ? read(headRequest) : Reply();
    }

    // True when the server closes (or resets) the connection within the timeout,
    // with no bytes beyond those already read.
    bool waitForClose(int timeoutMs = kTimeoutMs)
    {
        const qsizetype before = m_buffer.size();
        while (fill(timeoutMs)) { }
        return m_closed && m_buffer.size() == before;
    }

    // Reads what is there without waiting long; true once the server has closed.
    bool hasClosed()
    {
        while (fill(10)) { }
        return m_closed;
    }

    // Everything until the server closes, including what is buffered.
    QByteArray readAll()
    {
        while (fill()) { }
        return std::exchange(m_buffer, QByteArray());
    }

    // The raw bytes received and not yet taken by read(), once there are
    // `total` of them (or the server closed, or a wait timed out); never
    // more, so a large body can be left half-read on purpose.
    const QByteArray &bufferUntil(qsizetype total)
    {
        while (m_buffer.size() < total && fill(kTimeoutMs, size_t(total - m_buffer.size()))) { }
        return m_buffer;
    }

private:
    static constexpr size_t kChunk = 65536;

    bool fill(int timeoutMs = kTimeoutMs, size_t most = kChunk)
    {
        if (m_fd < 0 || m_closed)
            return false;
        pollfd descriptor { m_fd, POLLIN, 0 };
        if (::poll(&descriptor, 1, timeoutMs) <= 0)
            return false; // timed out
        char chunk[kChunk];
        const ssize_t n = ::recv(m_fd, chunk, std::min(most, kChunk), 0);
        if (n <= 0) {
            m_closed = true;
            return false;
        }
        m_buffer.append(chunk, n);
        return true;
    }

    int m_fd = -1;
    bool m_closed = false;
    QByteArray m_buffer;
};
