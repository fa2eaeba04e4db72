#pragma once

// A server of known capacity for the capacity finder's tests (issue #28):
// tst_clicapacity runs it in the test process, tst_shootout as a stand-in
// server (hostbench_capped_server, capped_server.cpp).

#include <QByteArray>
#include <QtGlobal>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <thread>
#include <vector>

namespace hostbench::test {

/*
 * An HTTP/1.1 server that answers at most `perSecond` requests a second:
 * one request at a time, in the order they arrived over all connections,
 * each taking 1/perSecond s (a single worker with a fixed service time,
 * M/D/1). Below that rate the latency stays near the service time; above
 * it the queue, and the latency, grow without bound. Requests of a
 * connection that closed are dropped unserved. Every answer is 200 with
 * `body`. `port` 0: any free port. Thread: its own, from the constructor to
 * the destructor.
 */
class CappedServer final
{
public:
    explicit CappedServer(double perSecond, const QByteArray &body = "ok", quint16 port = 0)
        : m_body(body)
        , m_service(
              std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / perSecond)))
    {
        m_listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        const int on = 1;
        ::setsockopt(m_listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = htons(port);
        if (::bind(m_listener, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0
            || ::listen(m_listener, 1024) != 0)
            return;
        socklen_t length = sizeof address;
        ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&address), &length);
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { loop(); });
    }
    ~CappedServer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        for (const auto &[id, connection] : m_connections)
            ::close(connection.fd);
        ::close(m_listener);
    }
    quint16 port() const { return m_port; }
    quint64 served() const { return m_served.load(); }

private:
    using Clock = std::chrono::steady_clock;
    struct Connection
    {
        int fd = -1;
        QByteArray input;
        bool closeAfter = false;
    };
    struct Queued
    {
        quint64 connection = 0;
        Clock::time_point arrival;
        bool close = false; // the request asked for Connection: close
    };

    void loop()
    {
        Clock::time_point lastFinish = Clock::now();
        while (!m_stop) {
            // The head of the queue: dropped if its connection is gone, answered once its service ends.
            while (!m_queue.empty() && !m_connections.contains(m_queue.front().connection))
                m_queue.pop_front();
            int waitMs = 20;
            if (!m_queue.empty()) {
                const Queued &head = m_queue.front();
                const Clock::time_point finish = std::max(head.arrival, lastFinish) + m_service;
                const Clock::time_point now = Clock::now();
                if (now >= finish) {
                    answer(head);
                    lastFinish = finish;
                    m_queue.pop_front();
                    continue;
                }
                waitMs = int(std::chrono::ceil<std::chrono::milliseconds>(finish - now).count());
            }
            std::vector<pollfd> fds { { m_listener, POLLIN, 0 } };
            std::vector<quint64> ids { 0 };
            for (const auto &[id, connection] : m_connections) {
                fds.push_back({ connection.fd, POLLIN, 0 });
                ids.push_back(id);
            }
            if (::poll(fds.data(), fds.size(), std::min(waitMs, 20)) <= 0)
                continue;
            if (fds[0].revents & POLLIN) {
                while (true) {
                    const int fd = ::accept4(m_listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                    if (fd < 0)
                        break;
                    m_connections[++m_nextId] = { fd, {}, false };
                }
            }
            for (size_t i = 1; i < fds.size(); ++i) {
                if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                    read(ids[i]);
            }
        }
    }

    void read(quint64 id)
    {
        Connection &connection = m_connections[id];
        char buffer[16384];
        const ssize_t n = ::recv(connection.fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            ::close(connection.fd);
            m_connections.erase(id);
            return;
        }
        connection.input.append(buffer, n);
        qsizetype end;
        while ((end = connection.input.indexOf("\r\n\r\n")) >= 0) {
            const QByteArray head = connection.input.left(end).toLower();
            connection.input.remove(0, end + 4);
            m_queue.push_back({ id, Clock::now(), head.contains("connection: close") });
        }
    }

    void answer(const Queued &request)
    {
        const auto found = m_connections.find(request.connection);
        if (found == m_connections.end())
            return;
        QByteArray response("HTTP/1.1 200 OK\r\nContent-Length: ");
        response.append(QByteArray::number(m_body.size()));
        response.append(request.close ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n");
        response.append(m_body);
        ::send(found->second.fd, response.constData(), size_t(response.size()), MSG_NOSIGNAL);
        ++m_served;
        if (request.close) {
            ::close(found->second.fd);
            m_connections.erase(found);
        }
    }

    const QByteArray m_body;
    const Clock::duration m_service;
    int m_listener = -1;
    quint16 m_port = 0;
    std::thread m_thread;
    std::atomic<bool> m_stop { false };
    std::atomic<quint64> m_served { 0 };
    std::map<quint64, Connection> m_connections; // the server thread's
    std::deque<Queued> m_queue;
    quint64 m_nextId = 0;
};

} // namespace hostbench::test
