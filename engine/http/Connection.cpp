#include "Connection.h"

#include "http/FastCgiResponder.h"
#include "http/LogWriter.h"
#include "http/ProxyResponder.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"
#include "http/TlsSites.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
// The body of the 400 for plain HTTP on the TLS port, as nginx's 497 page says it.
constexpr std::string_view kPlainOnTls
    = "<html><head><title>400 Bad Request</title></head><body><h1>400 Bad Request</h1>"
      "<p>The plain HTTP request was sent to an HTTPS port: use https://.</p></body></html>\n";
// RFC 8446 §5.1: a TLS record's first byte is its content type, 22 for a handshake.
constexpr unsigned char kTlsHandshakeRecord = 22;

} // namespace

Connection::Connection(Worker &worker, asio::ip::tcp::socket socket)
    : m_worker(worker)
    , m_stream(std::move(socket))
    , m_input(worker.takeInputBuffer())
    , m_output(worker.takeOutputBuffer())
    , m_client(m_stream, m_input, m_parser, m_request, m_peer, m_sockets)
{ }

Connection::~Connection()
{
    // Only when the handler of a response under way never ran (its worker's loop ended).
    if (LogWriter *logs = m_worker.logs(); logs && m_logStamp.isListed())
        logs->abandonResponse(m_worker.index(), m_logStamp);
    m_worker.keepBuffers(std::move(m_output), std::move(m_input));
    bumpCounterReleased(m_worker.counters().connectionsClosed);
    m_worker.connectionClosed();
}

void Connection::start(bool overCap, bool tls)
{
    if (tls) {
        setDeadline(m_worker.timeouts().header);
        startTls(overCap);
        return;
    }
    // The socket comes from accept4(SOCK_NONBLOCK) (Worker::accept), so the
    // direct send/recv/sendfile calls never block, with no ioctl here; asio
    // sets its own flag by itself before its first asynchronous operation.
    // TCP_NODELAY waits for the first keep-alive answer (finishResponse), as
    // nginx's tcp_nodelay: a connection closed after one answer never needs
    // it (close sends what is queued at once), and W1 saves two system calls.
    if (overCap) {
        // RFC 9110 §15.6.4: refuse at once rather than leave the client hanging.
        m_request.clear();
        answerAndClose(503);
        return;
    }
    processInput();
}

void Connection::startTls(bool overCap)
{
    // The first byte, left in the socket (TCP_DEFER_ACCEPT has usually brought it already).
    unsigned char first = 0;
    const ssize_t n = ::recv(m_stream.native_handle(), &first, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        close();
        return;
    }
    if (n < 0) {
        m_stream.async_wait(tls::Stream::wait_type::wait_read,
            [self = shared_from_this(), overCap](const beast::error_code &ec) {
                if (ec)
                    self->close();
                else
                    self->startTls(overCap);
            });
        return;
    }
    if (first != kTlsHandshakeRecord) {
        // Plain HTTP on the HTTPS port: said in cleartext, which is what the client reads.
        bumpCounter(m_worker.counters().tlsErrors);
        m_request.clear();
        m_parsedAt = std::chrono::steady_clock::now();
        m_response.clear();
        RequestHandler::answerError(400, m_response);
        m_response.body = kPlainOnTls;
        m_response.contentLength = kPlainOnTls.size();
        m_response.errorReason = "plain HTTP request sent to the HTTPS port";
        m_response.keepAlive = false;
        if (writeResponse())
            finishResponse();
        return;
    }
    SSL *ssl = m_worker.tls() ? m_worker.tls()->newConnection(m_worker.http2Enabled()) : nullptr;
    if (!ssl) {
        close();
        return;
    }
    m_stream.useTls(ssl);
    m_stream.async_handshake([self = shared_from_this(), overCap](const beast::error_code &ec, std::size_t) {
        if (ec) {
            // Garbage, a protocol or suite we do not speak, a client that
            // refused our certificate, or one that hung up: closed, counted.
            if (ec != asio::error::operation_aborted && ec != asio::error::eof)
                bumpCounter(self->m_worker.counters().tlsErrors);
            self->close();
            return;
        }
        self->afterHandshake(overCap);
    });
}

void Connection::afterHandshake(bool overCap)
{
    bumpCounter(m_worker.counters().tlsHandshakes);
    SSL *ssl = m_stream.ssl();
    if (tls::ServerContext::resumed(ssl))
        bumpCounter(m_worker.counters().tlsResumed);
    m_serverName = tls::ServerContext::serverName(ssl);
    if (m_worker.http2Enabled() && tls::ServerContext::negotiatedHttp2(ssl)) {
        startHttp2(overCap);
        return;
    }
    if (overCap) {
        m_request.clear();
        answerAndClose(503);
        return;
    }
    processInput();
}

bool Connection::checkPreface()
{
    m_prefaceChecked = true;
    if (!m_worker.http2Enabled())
        return false;
    const auto input = m_input.data();
    const std::string_view received(static_cast<const char *>(input.data()), input.size());
    constexpr std::string_view preface = Http2Connection::kClientPreface;
    const std::size_t compared = std::min(received.size(), preface.size());
    if (received.substr(0, compared) != preface.substr(0, compared))
        return false;
    if (received.size() < preface.size()) {
        m_prefaceChecked = false; // all of it so far: look again with more
        readRequest();
        return true;
    }
    startHttp2(false);
    return true;
}

void Connection::startHttp2(bool overCap)
{
    m_phase = Phase::Http2;
    m_h2 = std::make_unique<Http2Connection>(m_worker, m_stream, weak_from_this());
    const auto input = m_input.data();
    const std::string_view received(static_cast<const char *>(input.data()), input.size());
    // Read synchronously by nghttp2 here, so the buffer may be emptied right after.
    m_h2->start(received, std::move(m_serverName), overCap);
    m_input.clear();
}

void Connection::stop()
{
    if (m_h2)
        m_h2->stop();
    else
        close();
}

void Connection::reloaded()
{
    if (m_h2)
        m_h2->retire();
}

bool Connection::misdirected() const
{
    if (m_serverName.empty() || m_request.host.empty())
        return false;
    // The site the handshake's certificate was for, and the one Host asks for.
    return m_sites->indexForHost(m_serverName) != m_sites->indexForHost(m_request.host);
}

bool Connection::redirectedToHttps()
{
    RequestTarget target;
    if (!RequestTarget::split(m_request.target, target) || target.path.empty())
        return false; // the answer phase says 400
    const Site &site = m_sites->site(RequestHandler::pickSite(*m_sites, m_request, target));
    if (!site.redirectToHttps)
        return false;
    const quint16 tlsPort = m_worker.localPort(true);
    if (tlsPort == 0)
        return false;
    // The name the client asked for when it is a plain one, else the site's own.
    std::string_view host = SiteTable::hostWithoutPort(
        target.authority.empty() ? std::string_view(m_request.host) : target.authority);
    const bool plainName
        = !host.empty() && host.size() <= 253 && std::all_of(host.begin(), host.end(), [](char c) {
              return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                  || c == '-' || c == ':';
          });
    if (!plainName)
        host = site.serverName;
    m_parsedAt = std::chrono::steady_clock::now();
    m_response.clear();
    RequestHandler::answerError(308, m_response);
    m_response.site = site.counters.get();
    std::string &location = m_response.location;
    location.assign("https://");
    if (host.find(':') != std::string_view::npos)
        location.append(1, '[').append(host).append(1, ']');
    else
        location.append(host);
    if (tlsPort != 443)
        location.append(1, ':').append(std::to_string(tlsPort));
    location.append(target.path);
    if (!target.query.empty())
        location.append(1, '?').append(target.query);
    // The body, if any, is not read: the client sends it again to the new URL (RFC 9110 §15.4.9).
    m_response.keepAlive = false;
    if (writeResponse())
        finishResponse();
    return true;
}

void Connection::expire()
{
    if (m_h2) {
        m_h2->expire();
        return;
    }
    // A request under way gets a 408 (RFC 9110 §15.5.9): cancelling the read
    // lets its handler answer. An idle keep-alive connection, a stalled
    // send or a linger just close.
    if (m_phase == Phase::Reading && m_requestStarted && !m_timedOut) {
        m_timedOut = true;
        beast::error_code ignored;
        m_stream.cancel(ignored);
        return;
    }
    close();
}

void Connection::answerAndClose(int status)
{
    m_parsedAt = std::chrono::steady_clock::now();
    m_response.clear();
    RequestHandler::answerError(status, m_response);
    m_response.keepAlive = false;
    if (writeResponse())
        finishResponse();
}

void Connection::close()
{
    if (m_h2) {
        m_h2->close();
        return;
    }
    if (m_proxy)
        m_proxy->abort(); // its handlers end, and proxyDone() closes for good
    if (m_php)
        m_php->abort();
    beast::error_code ignored;
    m_stream.close(ignored);
}

void Connection::setDeadline(unsigned seconds)
{
    // +1: the tick may come right after this, and the wait must last at least `seconds`.
    m_deadline = m_worker.tick() + seconds + 1;
}

void Connection::readRequest()
{
    // The head is accepted and the body is still to come: ask for it.
    if (!m_continueSent && m_parser && m_parser->expectsContinue() && !sendContinue())
        return;
    m_phase = Phase::Reading;
    const Worker::Timeouts &timeouts = m_worker.timeouts();
    if (!m_requestStarted && m_input.size() > 0)
        startRequestClock();
    if (!m_requestStarted) {
        setDeadline(m_answeredOne ? timeouts.keepAlive : timeouts.header);
    } else if (m_parser && m_parser->is_header_done()) {
        // The body: the deadline moves with each read, as nginx's
        // client_body_timeout; the body limit bounds the whole.
        setDeadline(timeouts.header);
    }
    m_stream.async_read_some(m_input.prepare(kReadSize),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            if (ec) {
                if (ec == asio::error::operation_aborted && self->m_timedOut && self->m_stream.is_open())
                    self->answerAndClose(408);
                else
                    self->close(); // end of stream, reset or closed
                return;
            }
            self->m_input.commit(bytes);
            if (!self->m_requestStarted)
                self->startRequestClock();
            self->processInput();
        });
}

void Connection::startRequestClock()
{
    // The request head must arrive within the header timeout of its first
    // byte (an empty line before it counts); later reads do not extend that,
    // or a client sending a byte at a time could hold the connection for ever.
    m_requestStarted = true;
    setDeadline(m_worker.timeouts().header);
}

bool Connection::sendContinue()
{
    m_continueSent = true;
    const ssize_t n = m_stream.trySend(kContinue.data(), kContinue.size(), 0);
    if (n == ssize_t(kContinue.size()))
        return true;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        close();
        return false;
    }
    // The socket buffer is full (rare: nothing else is being sent now).
    const std::size_t sent = n > 0 ? std::size_t(n) : 0;
    m_phase = Phase::Writing;
    setDeadline(m_worker.timeouts().send);
    asio::async_write(m_stream, asio::buffer(kContinue.data() + sent, kContinue.size() - sent),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            if (ec)
                self->close();
            else
                self->readRequest();
        });
    return false;
}

void Connection::processInput()
{
    for (;;) {
        if (!m_parser) {
            m_request.clear();
            // A request is parsed and answered with the table of its start;
            // a reload takes effect from the next one.
            if (m_sites != m_worker.sites())
                m_sites = m_worker.sites();
            m_parser.emplace(m_request, *m_sites);
            m_proxyChecked = false;
            m_phpStatus = 0;
        }
        if (m_input.size() == 0) {
            readRequest();
            return;
        }
        if (!m_prefaceChecked && !m_answeredOne && !m_stream.isTls() && checkPreface())
            return;
        beast::error_code ec;
        const std::size_t used = m_parser->feed(m_input.data(), ec);
        m_input.consume(used);
        if (ec && ec != beast::http::error::need_more) {
            answerAndClose(m_parser->errorStatus(ec));
            return;
        }
        if (!m_proxyChecked && m_parser->is_header_done()) {
            m_proxyChecked = true;
            if (m_stream.isTls() && misdirected()) {
                // RFC 9110 §15.5.20: this connection's certificate is not that site's.
                answerAndClose(421);
                return;
            }
            if (!m_stream.isTls() && m_sites->hasTlsRedirects() && redirectedToHttps())
                return;
            // A proxied request goes on once its head is parsed: its body streams to the upstream.
            // So does a PHP script's, after the fixed routes and the proxied paths (a proxy prefix wins).
            if ((m_sites->hasProxies() && startProxy()) || (m_sites->hasPhp() && startPhp()))
                return;
        }
        if (ec == beast::http::error::need_more) {
            readRequest();
            return;
        }
        if (m_parser->is_done()) {
            respond();
            // Usually the whole response fits the socket buffer and this loop
            // goes on with the next request (or the read) at once, as nginx
            // does; otherwise the write continues asynchronously.
            if (!writeResponse() || !finishResponse())
                return;
            continue;
        }
        if (used == 0) {
            readRequest();
            return;
        }
    }
}

void Connection::respond()
{
    m_parsedAt = std::chrono::steady_clock::now();
    if (m_phpStatus != 0)
        answerPhpRefusal();
    else
        m_worker.handler().handle(m_request, *m_sites, m_response);
    if (m_worker.isStopping())
        m_response.keepAlive = false;
}

void Connection::closeGracefully()
{
    if (m_input.size() == 0 && m_response.status < 400) {
        close();
        return;
    }
    beast::error_code ignored;
    m_stream.shutdownSend(ignored);
    m_phase = Phase::Lingering;
    setDeadline(Worker::kLingerTimeoutS);
    drain();
}

void Connection::drain()
{
    m_input.clear();
    m_stream.async_read_some(
        m_input.prepare(kReadSize), [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            if (ec)
                self->close();
            else
                self->drain();
        });
}

} // namespace hostbench::http
