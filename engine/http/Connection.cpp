#include "Connection.h"

#include "http/LogWriter.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/StaticFile.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>

#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

// How much one sendfile(2) call may queue. Not the whole file, nor a constant
// tuned on one machine: a call's cost grows faster than its bytes once it
// queues more than the socket frees while it runs. The socket stays locked for
// the whole call, so the peer's ACKs wait in its backlog and the send buffer
// does not drain; on a 2-core Xeon, 1 MiB calls took 265 us each against
// lighttpd's 20 us for its 256 KiB ones (issue #22). So a call asks for at
// most half the send buffer (SO_SNDBUF counts the kernel's bookkeeping too, so
// about half of it is payload), read at each turn since the kernel's
// autotuning grows it, and never more than kSendfileChunkMax, lighttpd's
// MAX_WRITE_LIMIT, whose pages and socket buffers fit a core's L2 cache; nor
// less than kSendfileChunkMin, or a small buffer would cost a call per segment.
constexpr std::uint64_t kSendfileChunkMax = 256 * 1024;
constexpr std::uint64_t kSendfileChunkMin = 64 * 1024;
// Bytes per turn before the other connections of the worker get theirs.
constexpr std::uint64_t kSendfileTurn = 1024 * 1024;

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

} // namespace

Connection::Connection(Worker &worker, asio::ip::tcp::socket socket)
    : m_worker(worker)
    , m_socket(std::move(socket))
    , m_input(worker.takeInputBuffer())
    , m_output(worker.takeOutputBuffer())
{ }

Connection::~Connection()
{
    m_worker.keepBuffers(std::move(m_output), std::move(m_input));
    bumpCounter(m_worker.counters().connectionsClosed);
    m_worker.connectionClosed();
}

void Connection::start(bool overCap)
{
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

void Connection::expire()
{
    // A request under way gets a 408 (RFC 9110 §15.5.9): cancelling the read
    // lets its handler answer. An idle keep-alive connection, a stalled
    // send or a linger just close.
    if (m_phase == Phase::Reading && m_requestStarted && !m_timedOut) {
        m_timedOut = true;
        beast::error_code ignored;
        m_socket.cancel(ignored);
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
    if (writeAndStamp())
        finishResponse();
}

bool Connection::writeAndStamp()
{
    // The log's stamp is read before the first byte goes out (LogWriter::beginResponse),
    // so a client's next request, however fast, is logged after this one.
    LogWriter *logs = m_worker.logs();
    m_logStamp = logs ? logs->beginResponse(m_worker.index(), m_request) : 0;
    if (writeResponse())
        return true;
    if (m_logStamp != 0) {
        // Sent later (or not at all): finishResponse() stamps it when it ends.
        logs->abandonResponse(m_worker.index());
        m_logStamp = 0;
    }
    return false;
}

void Connection::close()
{
    beast::error_code ignored;
    m_socket.close(ignored);
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
    m_socket.async_read_some(m_input.prepare(kReadSize),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            if (ec) {
                if (ec == asio::error::operation_aborted && self->m_timedOut && self->m_socket.is_open())
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
    const ssize_t n = ::send(m_socket.native_handle(), kContinue.data(), kContinue.size(), MSG_NOSIGNAL);
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
    asio::async_write(m_socket, asio::buffer(kContinue.data() + sent, kContinue.size() - sent),
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
        }
        if (m_input.size() == 0) {
            readRequest();
            return;
        }
        beast::error_code ec;
        const std::size_t used = m_parser->feed(m_input.data(), ec);
        m_input.consume(used);
        if (ec == beast::http::error::need_more) {
            readRequest();
            return;
        }
        if (ec) {
            answerAndClose(m_parser->errorStatus(ec));
            return;
        }
        if (m_parser->is_done()) {
            respond();
            // Usually the whole response fits the socket buffer and this loop
            // goes on with the next request (or the read) at once, as nginx
            // does; otherwise the write continues asynchronously.
            if (!writeAndStamp() || !finishResponse())
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
    m_worker.handler().handle(m_request, *m_sites, m_response);
    if (m_worker.isStopping())
        m_response.keepAlive = false;
}

bool Connection::writeResponse()
{
    m_output.clear();
    m_fileRemaining = 0;
    std::string_view gathered;
    const bool withBody = !m_response.headOnly && ResponseHead::bodyAllowed(m_response.status);
    // One allocation for the head and a body copied behind it, on a new
    // connection, instead of the string doubling its way up (six times at W1).
    std::size_t copied = 0;
    if (withBody && m_response.file.isValid() && m_response.contentLength <= kInlineFileLimit)
        copied = std::size_t(m_response.contentLength);
    else if (withBody && !m_response.file.isValid() && m_response.body.size() <= kGatherBodyBytes)
        copied = m_response.body.size();
    m_output.reserve(kHeadReserveBytes + copied);
    ResponseHead::write(m_response, m_request.version, m_worker.date().now(), m_output);
    if (withBody && m_response.file.isValid()) {
        if (m_response.contentLength <= kInlineFileLimit) {
            if (!StaticFile::appendBytes(
                    m_response.file.get(), m_response.fileOffset, m_response.contentLength, m_output)) {
                // The file shrank since fstat: send what there is, then close,
                // the only way left to tell the client the body is short.
                m_response.keepAlive = false;
            }
            m_response.file.reset();
        } else {
            m_fileOffset = m_response.fileOffset;
            m_fileRemaining = m_response.contentLength;
        }
    } else {
        // A body from memory (a cached file, a listing) goes out gathered
        // with the head, not copied behind it: at 44 KB the copy was 7% of
        // the worker's time (perf, W2). A small one is copied: one buffer is cheaper.
        if (withBody && m_response.body.size() > kGatherBodyBytes)
            gathered = m_response.body;
        else if (withBody)
            m_output.append(m_response.body);
        m_response.file.reset();
    }

    m_phase = Phase::Writing;
    setDeadline(m_worker.timeouts().send);
    std::size_t written = 0;
    // MSG_MORE when sendfile(2) follows: the head goes out in the body's first
    // segment, not alone, as nginx's tcp_nopush (TCP_CORK) does.
    const int flags = MSG_NOSIGNAL | (m_fileRemaining > 0 ? MSG_MORE : 0);
    ssize_t n = 0;
    if (gathered.empty()) {
        n = ::send(m_socket.native_handle(), m_output.data(), m_output.size(), flags);
    } else {
        iovec parts[2] = { { m_output.data(), m_output.size() },
            { const_cast<char *>(gathered.data()), gathered.size() } };
        msghdr message {};
        message.msg_iov = parts;
        message.msg_iovlen = 2;
        n = ::sendmsg(m_socket.native_handle(), &message, flags);
    }
    if (n > 0) {
        written = std::size_t(n);
        bumpCounter(m_worker.counters().bytesSent, written);
        m_responseBytes += written;
    } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        close();
        return false;
    }
    if (!gathered.empty()) {
        // The body's memory may change before the socket can take the rest
        // (another request of this worker can refresh the cache): the
        // unsent part moves into m_output.
        if (written == m_output.size() + gathered.size()) {
            written = m_output.size();
        } else if (written >= m_output.size()) {
            m_output.assign(gathered.substr(written - m_output.size()));
            written = 0;
        } else {
            m_output.append(gathered);
        }
    }
    if (written == m_output.size()) {
        if (m_fileRemaining == 0)
            return true;
        sendFile();
        return false;
    }
    asio::async_write(m_socket, asio::buffer(m_output.data() + written, m_output.size() - written),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            bumpCounter(self->m_worker.counters().bytesSent, bytes);
            self->m_responseBytes += bytes;
            if (ec) {
                self->close();
                return;
            }
            if (self->m_fileRemaining > 0)
                self->sendFile();
            else if (self->finishResponse())
                self->processInput();
        });
    return false;
}

std::uint64_t Connection::sendfileChunk()
{
    int bufferBytes = 0;
    socklen_t length = sizeof bufferBytes;
    if (::getsockopt(m_socket.native_handle(), SOL_SOCKET, SO_SNDBUF, &bufferBytes, &length) != 0
        || bufferBytes <= 0)
        return kSendfileChunkMin;
    return std::clamp(std::uint64_t(bufferBytes) / 2, kSendfileChunkMin, kSendfileChunkMax);
}

void Connection::sendFile()
{
    std::uint64_t sentThisTurn = 0;
    const std::uint64_t chunk = sendfileChunk();
    while (m_fileRemaining > 0) {
        auto offset = off_t(m_fileOffset);
        const std::uint64_t asked = std::min(m_fileRemaining, chunk);
        const ssize_t n
            = ::sendfile(m_socket.native_handle(), m_response.file.get(), &offset, std::size_t(asked));
        if (n > 0) {
            m_fileOffset += std::uint64_t(n);
            m_fileRemaining -= std::uint64_t(n);
            sentThisTurn += std::uint64_t(n);
            bumpCounter(m_worker.counters().bytesSent, std::uint64_t(n));
            m_responseBytes += std::uint64_t(n);
            setDeadline(m_worker.timeouts().send);
            if (m_fileRemaining == 0)
                break;
            if (std::uint64_t(n) < asked) {
                // The send buffer is full: wait until it drains instead of a
                // call that would only answer EAGAIN (lighttpd does the same).
                waitWritable();
                return;
            }
            if (sentThisTurn >= kSendfileTurn) {
                // A fast reader could keep this loop going for the whole file.
                asio::post(m_socket.get_executor(), [self = shared_from_this()] { self->sendFile(); });
                return;
            }
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            waitWritable();
            return;
        }
        // An error, or the file shrank: the promised length cannot be met.
        close();
        return;
    }
    m_response.file.reset();
    if (finishResponse())
        processInput();
}

void Connection::waitWritable()
{
    m_socket.async_wait(
        asio::ip::tcp::socket::wait_write, [self = shared_from_this()](const beast::error_code &ec) {
            if (ec)
                self->close();
            else
                self->sendFile();
        });
}

bool Connection::finishResponse()
{
    const auto serviceTime = std::chrono::steady_clock::now() - m_parsedAt;
    const auto serviceUs = std::chrono::duration_cast<std::chrono::microseconds>(serviceTime).count();
    WorkerCounters &counters = m_worker.counters();
    counters.recordResponse(m_response.status, quint64(std::max<std::int64_t>(serviceUs, 0)));
    if (m_response.site)
        m_response.site->recordResponse(m_worker.index(), m_response.status, m_responseBytes);
    m_responseBytes = 0;
    if (LogWriter *logs = m_worker.logs()) {
        logs->logResponse(
            m_worker.index(), m_request, m_response, m_socket.native_handle(), m_peer, m_logStamp);
        m_logStamp = 0;
    }
    m_answeredOne = true;
    m_requestStarted = false;
    m_continueSent = false;
    m_timedOut = false;
    m_parser.reset();
    if (m_output.capacity() > kKeptOutputCapacity)
        std::string().swap(m_output); // an idle connection should not hold a large buffer
    if (!m_response.keepAlive) {
        closeGracefully();
        return false;
    }
    if (!m_noDelay) {
        // From here on a small answer could wait behind the client's delayed
        // ACK of the previous one (Nagle): send each at once.
        m_noDelay = true;
        beast::error_code ignored;
        m_socket.set_option(asio::ip::tcp::no_delay(true), ignored);
    }
    return true;
}

void Connection::closeGracefully()
{
    if (m_input.size() == 0 && m_response.status < 400) {
        close();
        return;
    }
    beast::error_code ignored;
    m_socket.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    m_phase = Phase::Lingering;
    setDeadline(Worker::kLingerTimeoutS);
    drain();
}

void Connection::drain()
{
    m_input.clear();
    m_socket.async_read_some(
        m_input.prepare(kReadSize), [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            if (ec)
                self->close();
            else
                self->drain();
        });
}

} // namespace hostbench::http
