#include "TestHttpServer.h"

#include <boost/asio.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Counters
{
    std::atomic<quint64> connections { 0 };
    std::atomic<quint64> requests { 0 };
    std::atomic<quint64> turn { 0 };
    // The server's one thread only.
    quint64 stallTurn = 0;
    Clock::time_point stallUntil {};
    // Read by the test's thread.
    mutable std::mutex mutex;
    std::string lastRequest; // under mutex
    std::vector<quint64> serviceTimesUs; // under mutex
};

class Session : public std::enable_shared_from_this<Session>
{
public:
    Session(tcp::socket socket, Counters &counters)
        : m_socket(std::move(socket))
        , m_timer(m_socket.get_executor())
        , m_counters(counters)
    { }

    void read()
    {
        auto self = shared_from_this();
        asio::async_read_until(m_socket, asio::dynamic_buffer(m_in), "\r\n\r\n",
            [self](const boost::system::error_code &ec, size_t n) { self->onRequest(ec, n); });
    }

private:
    void onRequest(const boost::system::error_code &ec, size_t n)
    {
        if (ec)
            return;
        m_head = m_in.substr(0, n);
        m_in.erase(0, n);
        m_lower = m_head;
        for (char &c : m_lower)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        const size_t length = m_lower.find("\r\ncontent-length:");
        const size_t bodyLength
            = length == std::string::npos ? 0 : size_t(std::atoll(m_lower.c_str() + length + 17));
        if (m_in.size() >= bodyLength)
            return answer(bodyLength);
        auto self = shared_from_this();
        asio::async_read(m_socket, asio::dynamic_buffer(m_in),
            asio::transfer_exactly(bodyLength - m_in.size()),
            [self, bodyLength](const boost::system::error_code &ec, size_t) {
                if (!ec)
                    self->answer(bodyLength);
            });
    }

    void answer(size_t bodyLength)
    {
        const std::string &head = m_head;
        const std::string &lower = m_lower;
        m_received = Clock::now();
        {
            std::lock_guard lock(m_counters.mutex);
            m_counters.lastRequest = head + m_in.substr(0, bodyLength);
        }
        m_in.erase(0, bodyLength);
        m_counters.requests++;
        const size_t sp1 = head.find(' ');
        const size_t sp2 = head.find(' ', sp1 + 1);
        const std::string path = head.substr(sp1 + 1, sp2 - sp1 - 1);
        Clock::time_point answerAt = m_received;
        // HTTP/1.0 (ab) closes unless it asks for keep-alive; HTTP/1.1 keeps alive unless it asks to close.
        const bool http10 = head.find(" HTTP/1.0\r\n") != std::string::npos;
        const bool askedKeepAlive = lower.find("\r\nconnection: keep-alive") != std::string::npos;
        m_close = http10 ? !askedKeepAlive : lower.find("\r\nconnection: close") != std::string::npos;

        int status = 200;
        std::string body = "OK";
        bool withLength = true;
        int delayMs = 0;
        int interimDelayMs = 0;
        m_interim.clear();
        if (path == "/silent")
            return read(); // keep reading, never answer
        if (path.rfind("/status/", 0) == 0) {
            status = std::atoi(path.c_str() + 8);
        } else if (path == "/mixed") {
            static const int codes[] = { 200, 404, 500 };
            status = codes[m_counters.turn++ % 3];
        } else if (path == "/vary") {
            body = m_counters.turn++ % 2 ? "OKK" : "OK";
        } else if (path.rfind("/delay/", 0) == 0) {
            delayMs = std::atoi(path.c_str() + 7);
        } else if (path == "/eof") {
            withLength = false;
            m_close = true;
        } else if (path == "/drop") {
            m_drop = true; // answers as if keeping the connection, then closes it
        } else if (path == "/big") {
            body.assign(100000, 'x');
        } else if (path.rfind("/interim/", 0) == 0) {
            // /interim/103,100/MS: the codes, then (after MS ms) the final answer.
            const size_t slash = path.find('/', 9);
            const std::string codes
                = path.substr(9, slash == std::string::npos ? std::string::npos : slash - 9);
            interimDelayMs = slash == std::string::npos ? 0 : std::atoi(path.c_str() + slash + 1);
            size_t at = 0;
            while (at < codes.size()) {
                const size_t comma = std::min(codes.find(',', at), codes.size());
                m_interim += "HTTP/1.1 " + codes.substr(at, comma - at) + " Interim\r\n";
                m_interim += codes.compare(at, comma - at, "101") == 0
                    ? "Connection: upgrade\r\nUpgrade: hostbench-test\r\n\r\n"
                    : "Link: </style.css>; rel=preload; as=style\r\n\r\n";
                at = comma + 1;
            }
        } else if (path.rfind("/stall/", 0) == 0) {
            const quint64 n = std::strtoull(path.c_str() + 7, nullptr, 10);
            const size_t slash = path.find('/', 7);
            const int ms = slash == std::string::npos ? 0 : std::atoi(path.c_str() + slash + 1);
            if (++m_counters.stallTurn == n)
                m_counters.stallUntil = m_received + std::chrono::milliseconds(ms);
        }
        if (delayMs > 0)
            answerAt = m_received + std::chrono::milliseconds(delayMs);
        answerAt = std::max(answerAt, m_counters.stallUntil);

        m_out = "HTTP/1.1 " + std::to_string(status) + " X\r\nServer: TestHttpServer/1.0\r\n";
        if (withLength)
            m_out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
        if (m_close)
            m_out += "Connection: close\r\n";
        else if (http10)
            m_out += "Connection: keep-alive\r\n";
        m_out += "\r\n";
        if (head.rfind("HEAD ", 0) != 0)
            m_out += body;

        m_timed = answerAt > m_received;
        if (!m_interim.empty() && interimDelayMs > 0) {
            auto self = shared_from_this();
            asio::async_write(m_socket, asio::buffer(m_interim),
                [self, interimDelayMs](const boost::system::error_code &ec, size_t) {
                    if (ec)
                        return;
                    self->m_timer.expires_after(std::chrono::milliseconds(interimDelayMs));
                    self->m_timer.async_wait([self](const boost::system::error_code &ec) {
                        if (!ec)
                            self->write();
                    });
                });
            return;
        }
        m_out.insert(0, m_interim);
        if (m_timed) {
            auto self = shared_from_this();
            m_timer.expires_at(answerAt);
            m_timer.async_wait([self](const boost::system::error_code &ec) {
                if (!ec)
                    self->write();
            });
        } else {
            write();
        }
    }

    void write()
    {
        auto self = shared_from_this();
        asio::async_write(m_socket, asio::buffer(m_out), [self](const boost::system::error_code &ec, size_t) {
            if (ec)
                return;
            if (self->m_timed) {
                const auto us
                    = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - self->m_received);
                std::lock_guard lock(self->m_counters.mutex);
                self->m_counters.serviceTimesUs.push_back(quint64(us.count()));
            }
            if (self->m_close || self->m_drop) {
                boost::system::error_code ignored;
                self->m_socket.shutdown(tcp::socket::shutdown_both, ignored);
                self->m_socket.close(ignored);
                return;
            }
            self->read();
        });
    }

    tcp::socket m_socket;
    asio::steady_timer m_timer;
    Counters &m_counters;
    std::string m_in;
    std::string m_head;
    std::string m_lower; // m_head in lower case
    std::string m_out;
    std::string m_interim; // the 1xx responses sent before m_out
    Clock::time_point m_received;
    bool m_timed = false;
    bool m_close = false;
    bool m_drop = false;
};

} // namespace

struct TestHttpServer::Private
{
    asio::io_context context;
    tcp::acceptor acceptor { context, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0) };
    Counters counters;
    std::thread thread;

    void accept()
    {
        acceptor.async_accept([this](const boost::system::error_code &ec, tcp::socket socket) {
            if (ec)
                return;
            counters.connections++;
            std::make_shared<Session>(std::move(socket), counters)->read();
            accept();
        });
    }
};

TestHttpServer::TestHttpServer()
    : d(std::make_unique<Private>())
{
    d->accept();
    d->thread = std::thread([this] { d->context.run(); });
}

TestHttpServer::~TestHttpServer()
{
    d->context.stop();
    d->thread.join();
}

quint16 TestHttpServer::port() const
{
    return d->acceptor.local_endpoint().port();
}

quint64 TestHttpServer::connectionsAccepted() const
{
    return d->counters.connections.load();
}

quint64 TestHttpServer::requests() const
{
    return d->counters.requests.load();
}

QByteArray TestHttpServer::lastRequest() const
{
    std::lock_guard lock(d->counters.mutex);
    return QByteArray::fromStdString(d->counters.lastRequest);
}

quint64 TestHttpServer::medianServiceTimeUs() const
{
    std::vector<quint64> times;
    {
        std::lock_guard lock(d->counters.mutex);
        times = d->counters.serviceTimesUs;
    }
    if (times.empty())
        return 0;
    const auto middle = times.begin() + std::ptrdiff_t(times.size() / 2);
    std::nth_element(times.begin(), middle, times.end());
    return *middle;
}
