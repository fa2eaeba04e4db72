#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <utility>
#include <vector>

/*
 * Clients that go away at the worst moment, over real sockets to 127.0.0.1:
 * the cases in which a server's write meets a peer that is gone (SIGPIPE on
 * sendfile(2) or write(2), ECONNRESET, EPIPE). Each case opens `clients`
 * connections at once, so that the server has them all in flight together,
 * and bounds every wait. Test code only; blocking; the calling thread.
 */
namespace peer_hangups {

struct Target
{
    quint16 port = 0;
    QByteArray host; // the Host field
    QByteArray path; // a file of several hundred KB at least, so that sendfile is under way
};

inline int connectTo(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    // A small receive window: most of the file stays on the server's side,
    // in its send queue, when the client goes.
    const int receiveBuffer = 4096;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

inline bool sendAll(int fd, const QByteArray &bytes)
{
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += n;
    }
    return true;
}

// Reads up to `bytes` bytes within a few seconds; returns how many came.
inline qint64 readSome(int fd, qint64 bytes)
{
    qint64 got = 0;
    char buffer[4096];
    while (got < bytes) {
        pollfd p { fd, POLLIN, 0 };
        if (::poll(&p, 1, 5000) <= 0)
            break;
        const ssize_t n = ::recv(fd, buffer, size_t(std::min<qint64>(sizeof buffer, bytes - got)), 0);
        if (n <= 0)
            break;
        got += n;
    }
    return got;
}

// close(2) with SO_LINGER {1, 0}: the kernel sends a RST instead of a FIN.
inline void resetAndClose(int fd)
{
    const linger abort { 1, 0 };
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
    ::close(fd);
}

inline QByteArray get(const Target &target)
{
    return "GET " + target.path + " HTTP/1.1\r\nHost: " + target.host + "\r\n\r\n";
}

enum class Case {
    AbortedDownload, // reads 1,000 bytes of the file, closes with the rest unread (the kernel resets)
    HalfClosedDownload, // shuts its side down, reads a little, then closes
    ResetDownload, // reads 1,000 bytes, then a RST
    ResetBeforeAnswer, // sends the request and resets at once
    AbortedUpload, // announces 512 KiB of body, sends 64 KiB, closes
    ResetUpload, // the same, then a RST
};

inline const char *name(Case c)
{
    switch (c) {
    case Case::AbortedDownload:
        return "aborted download";
    case Case::HalfClosedDownload:
        return "half-closed download";
    case Case::ResetDownload:
        return "reset download";
    case Case::ResetBeforeAnswer:
        return "reset before the answer";
    case Case::AbortedUpload:
        return "aborted upload";
    case Case::ResetUpload:
        return "reset upload";
    }
    return "?";
}

// Runs one case with `clients` connections at once; false if no connection could be made.
// `opened`, when given, has the connections made added to it.
inline bool run(const Target &target, Case c, int clients = 20, int *opened = nullptr)
{
    std::vector<int> fds;
    for (int i = 0; i < clients; ++i) {
        const int fd = connectTo(target.port);
        if (fd < 0)
            break;
        fds.push_back(fd);
    }
    if (fds.empty())
        return false;
    if (opened)
        *opened += int(fds.size());
    const bool upload = c == Case::AbortedUpload || c == Case::ResetUpload;
    const QByteArray request = upload ? "POST " + target.path + " HTTP/1.1\r\nHost: " + target.host
            + "\r\nContent-Type: application/octet-stream\r\nContent-Length: 524288\r\n\r\n"
                                      : get(target);
    for (int fd : fds) {
        sendAll(fd, request);
        if (upload)
            sendAll(fd, QByteArray(64 * 1024, 'u'));
    }
    for (int fd : fds) {
        switch (c) {
        case Case::AbortedDownload:
            readSome(fd, 1000);
            ::close(fd);
            break;
        case Case::HalfClosedDownload:
            ::shutdown(fd, SHUT_WR);
            readSome(fd, 1000);
            ::close(fd);
            break;
        case Case::ResetDownload:
            readSome(fd, 1000);
            resetAndClose(fd);
            break;
        case Case::ResetBeforeAnswer:
        case Case::ResetUpload:
            resetAndClose(fd);
            break;
        case Case::AbortedUpload:
            ::close(fd);
            break;
        }
    }
    return true;
}

inline constexpr Case kAllCases[] = { Case::AbortedDownload, Case::HalfClosedDownload, Case::ResetDownload,
    Case::ResetBeforeAnswer, Case::AbortedUpload, Case::ResetUpload };

// Everything the peer sends until it closes, or until it is silent for `timeoutMs`.
inline QByteArray readUntilClosed(int fd, int timeoutMs = 15000)
{
    QByteArray bytes;
    char buffer[65536];
    for (;;) {
        pollfd p { fd, POLLIN, 0 };
        if (::poll(&p, 1, timeoutMs) <= 0)
            break;
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0)
            break;
        bytes.append(buffer, n);
    }
    return bytes;
}

// One whole GET of the target: its status and the body's length (-1 when incomplete).
inline std::pair<int, qint64> fetch(const Target &target)
{
    const int fd = connectTo(target.port);
    if (fd < 0)
        return { 0, -1 };
    sendAll(fd, "GET " + target.path + " HTTP/1.1\r\nHost: " + target.host + "\r\nConnection: close\r\n\r\n");
    const QByteArray bytes = readUntilClosed(fd);
    ::close(fd);
    const qsizetype headEnd = bytes.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return { 0, -1 };
    const QList<QByteArray> statusLine = bytes.left(bytes.indexOf("\r\n")).split(' ');
    const int status = statusLine.size() > 1 ? statusLine[1].toInt() : 0;
    return { status, bytes.size() - headEnd - 4 };
}

} // namespace peer_hangups
