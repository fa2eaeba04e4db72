#pragma once

#include "../FreePort.h"
#include <QByteArray>
#include <QElapsedTimer>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

/*
 * Upstream app servers for the proxy tests, all real, on 127.0.0.1:
 *  - RawUpstream: a listening socket in the test itself whose every
 *    accepted connection runs a script (on a thread of its own) that reads
 *    and writes raw bytes: malformed heads, early closes, stalls, counts of
 *    connections, a record of what the proxy sent;
 *  - ChildUpstream: a program started as a child (python3 -m http.server,
 *    node with a script) and stopped by its PID (SIGTERM, then SIGKILL).
 * Test code only; every wait is bounded.
 */
class RawUpstream final
{
public:
    using Script = std::function<void(RawUpstream &upstream, int fd, int index)>;

    explicit RawUpstream(Script script)
        : m_script(std::move(script))
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        const int one = 1;
        ::setsockopt(m_listen, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (::bind(m_listen, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
            || ::listen(m_listen, 64) != 0
            || ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&address), &length) != 0)
            return;
        m_port = ntohs(address.sin_port);
        m_acceptor = std::thread([this] { acceptLoop(); });
    }
    ~RawUpstream()
    {
        m_stopping = true;
        ::shutdown(m_listen, SHUT_RDWR);
        if (m_acceptor.joinable())
            m_acceptor.join();
        {
            const std::lock_guard lock(m_mutex);
            for (const int fd : m_fds)
                ::shutdown(fd, SHUT_RDWR);
        }
        for (std::thread &thread : m_threads)
            thread.join();
        ::close(m_listen);
    }

    quint16 port() const { return m_port; }
    int accepted() const { return m_accepted.load(); }
    QList<QByteArray> requests() const
    {
        const std::lock_guard lock(m_mutex);
        return m_requests;
    }
    bool stopping() const { return m_stopping.load(); }

    // Reads one request head and its Content-Length body; empty when the peer closed first.
    QByteArray readRequest(int fd, int timeoutMs = 15000)
    {
        QByteArray bytes;
        qsizetype headEnd = -1;
        qsizetype want = -1;
        while (want < 0 || bytes.size() < want) {
            pollfd descriptor { fd, POLLIN, 0 };
            if (::poll(&descriptor, 1, timeoutMs) <= 0)
                return {};
            char chunk[65536];
            const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
            if (n <= 0)
                return {};
            bytes.append(chunk, n);
            if (headEnd < 0 && (headEnd = bytes.indexOf("\r\n\r\n")) >= 0) {
                want = headEnd + 4;
                for (const QByteArray &line : bytes.left(headEnd).split('\n')) {
                    if (line.toLower().startsWith("content-length:"))
                        want += line.mid(15).trimmed().toLongLong();
                }
            }
        }
        const std::lock_guard lock(m_mutex);
        m_requests.append(bytes);
        return bytes;
    }
    static bool sendAll(int fd, const QByteArray &bytes)
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
    // Waits (bounded) until the peer closes; true when it did.
    static bool waitForClose(int fd, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs) {
            pollfd descriptor { fd, POLLIN, 0 };
            if (::poll(&descriptor, 1, 100) > 0) {
                char chunk[4096];
                if (::recv(fd, chunk, sizeof chunk, 0) <= 0)
                    return true;
            }
        }
        return false;
    }

private:
    void acceptLoop()
    {
        while (!m_stopping) {
            const int fd = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0)
                return;
            const int index = m_accepted++;
            const std::lock_guard lock(m_mutex);
            m_fds.push_back(fd);
            m_threads.emplace_back([this, fd, index] {
                m_script(*this, fd, index);
                ::shutdown(fd, SHUT_RDWR);
            });
        }
    }

    Script m_script;
    int m_listen = -1;
    quint16 m_port = 0;
    std::atomic<int> m_accepted { 0 };
    std::atomic<bool> m_stopping { false };
    mutable std::mutex m_mutex;
    std::vector<int> m_fds; // closed by the destructor's shutdown, never reused meanwhile
    std::vector<std::thread> m_threads;
    QList<QByteArray> m_requests;
    std::thread m_acceptor;
};

class ChildUpstream final
{
public:
    // A free port on 127.0.0.1 for the child to bind next (below the ephemeral range: FreePort.h).
    static quint16 freePort() { return hostbench::test::freePort(); }

    // Starts `program` and waits until 127.0.0.1:`port` accepts connections.
    bool start(const QString &program, const QStringList &arguments, quint16 port)
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(program, arguments);
        if (!m_process.waitForStarted(10000))
            return false;
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 15000) {
            const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
            sockaddr_in address {};
            address.sin_family = AF_INET;
            address.sin_port = htons(port);
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            const bool up = ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
            ::close(fd);
            if (up)
                return true;
            if (m_process.state() == QProcess::NotRunning)
                return false;
            ::usleep(50 * 1000);
        }
        return false;
    }
    QByteArray output() { return m_process.readAll(); }
    ~ChildUpstream()
    {
        const qint64 pid = m_process.processId();
        if (pid > 0) {
            ::kill(pid_t(pid), SIGTERM);
            if (!m_process.waitForFinished(3000)) {
                ::kill(pid_t(pid), SIGKILL);
                m_process.waitForFinished(3000);
            }
        }
    }

private:
    QProcess m_process;
};
