// Connection's write side: a response in its phases (plan the body, write
// the head, send now, continue asynchronously), the sendfile(2) loop, and
// the end of a response, sent or given up (Connection.h).
#include "Connection.h"

#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/StaticFile.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

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

bool wouldBlock(int error)
{
    return error == EAGAIN || error == EWOULDBLOCK || error == EINTR;
}

} // namespace

// Flattened: the phases are named for reading, not to cost a call each (callgrind, W1).
[[gnu::flatten]] bool Connection::writeResponse()
{
    // The log's stamp is read before the first byte goes out, and the response
    // stays on its way in the log's order until it is logged, however many
    // turns it takes: a client's next request, however fast, is logged after it.
    beginResponse();
    const BodyPlan plan = planBody();
    writeHead(plan);
    std::string_view gathered = attachBody(plan);
    if (!gathered.empty() && m_stream.isTls()) {
        // One SSL_write for head and body: fewer, fuller records than two writes.
        m_output.append(gathered);
        gathered = {};
    }
    m_phase = Phase::Writing;
    setDeadline(m_worker.timeouts().send);
    std::size_t written = 0;
    if (!sendNow(gathered, written)) {
        abortResponse();
        return false;
    }
    return continueAsynchronously(gathered, written);
}

void Connection::beginResponse()
{
    m_responseOpen = true;
    if (LogWriter *logs = m_worker.logs()) {
        logs->beginResponse(m_worker.index(), m_request, m_logStamp);
        if (m_logStamp.isListed() && m_peer.family == 0)
            m_peer = PeerAddress::ofSocket(m_stream.native_handle()); // before a hang-up can hide it
    }
}

Connection::BodyPlan Connection::planBody() const
{
    using Source = BodyPlan::Source;
    if (m_response.headOnly || !ResponseHead::bodyAllowed(m_response.status))
        return {};
    if (sendsFromFile()) {
        if (m_response.contentLength <= kInlineFileLimit)
            return { Source::InlineFile, std::size_t(m_response.contentLength) };
        return { Source::Sendfile, 0 };
    }
    // A body from memory (a cached file, a listing) goes out gathered with
    // the head, not copied behind it: at 44 KB the copy was 7% of the
    // worker's time (perf, W2). A small one is copied: one buffer is cheaper.
    if (m_response.body.size() > kGatherBodyBytes)
        return { Source::Gathered, 0 };
    return { Source::Memory, m_response.body.size() };
}

bool Connection::sendsFromFile() const
{
    if (!m_response.file.isValid())
        return false;
    if (m_response.body.empty())
        return true; // the file is the only source
    // Both hold the body (Response::file): sendfile(2) where it works and the
    // body is large enough for it to pay (FileCache::kSendfileMinBytes), the
    // bytes in memory otherwise (through OpenSSL, or a small range).
    return !m_stream.isTls() && m_response.contentLength > kInlineFileLimit;
}

void Connection::writeHead(const BodyPlan &plan)
{
    m_output.clear();
    // One allocation for the head and a body copied behind it, on a new
    // connection, instead of the string doubling its way up (six times at W1).
    m_output.reserve(kHeadReserveBytes + plan.copied);
    if (!m_stream.isTls())
        m_response.hsts = {}; // RFC 6797 §7.2: never over cleartext
    ResponseHead::write(m_response, m_request.version, m_worker.date().now(), m_output);
    m_headBytes = m_output.size();
}

std::string_view Connection::attachBody(const BodyPlan &plan)
{
    using Source = BodyPlan::Source;
    m_fileRemaining = 0;
    switch (plan.source) {
    case Source::InlineFile:
        if (!StaticFile::appendBytes(
                m_response.file.get(), m_response.fileOffset, m_response.contentLength, m_output)) {
            // The file shrank since fstat: send what there is, then close,
            // the only way left to tell the client the body is short.
            m_response.keepAlive = false;
        }
        break;
    case Source::Sendfile:
        m_fileOffset = m_response.fileOffset;
        m_fileRemaining = m_response.contentLength;
        return {}; // the file stays open for sendFile()
    case Source::Memory:
        m_output.append(m_response.body);
        break;
    case Source::Gathered:
        m_response.file.reset();
        return m_response.body;
    case Source::None:
        break;
    }
    m_response.file.reset();
    return {};
}

bool Connection::sendNow(std::string_view gathered, std::size_t &written)
{
    // MSG_MORE when sendfile(2) follows: the head goes out in the body's first
    // segment, not alone, as nginx's tcp_nopush (TCP_CORK) does.
    const int flags = MSG_NOSIGNAL | (m_fileRemaining > 0 ? MSG_MORE : 0);
    ssize_t n = 0;
    if (gathered.empty()) {
        n = m_stream.trySend(m_output.data(), m_output.size(), flags);
    } else {
        iovec parts[2] = { { m_output.data(), m_output.size() },
            { const_cast<char *>(gathered.data()), gathered.size() } };
        msghdr message {};
        message.msg_iov = parts;
        message.msg_iovlen = 2;
        n = ::sendmsg(m_stream.native_handle(), &message, flags);
    }
    written = 0;
    if (n > 0) {
        written = std::size_t(n);
        bumpCounter(m_worker.counters().bytesSent, written);
        m_responseBytes += written;
    }
    return n >= 0 || wouldBlock(errno);
}

bool Connection::continueAsynchronously(std::string_view gathered, std::size_t written)
{
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
    asio::async_write(m_stream, asio::buffer(m_output.data() + written, m_output.size() - written),
        [self = shared_from_this()](
            const beast::error_code &ec, std::size_t bytes) { self->afterWrite(ec, bytes); });
    return false;
}

void Connection::afterWrite(const beast::error_code &ec, std::size_t bytes)
{
    bumpCounter(m_worker.counters().bytesSent, bytes);
    m_responseBytes += bytes;
    if (ec)
        abortResponse();
    else if (m_fileRemaining > 0)
        sendFile();
    else if (finishResponse())
        processInput();
}

std::uint64_t Connection::sendfileChunk()
{
    int bufferBytes = 0;
    socklen_t length = sizeof bufferBytes;
    if (::getsockopt(m_stream.native_handle(), SOL_SOCKET, SO_SNDBUF, &bufferBytes, &length) != 0
        || bufferBytes <= 0)
        return kSendfileChunkMin;
    return std::clamp(std::uint64_t(bufferBytes) / 2, kSendfileChunkMin, kSendfileChunkMax);
}

void Connection::sendFile()
{
    if (m_stream.isTls()) {
        sendFileTls();
        return;
    }
    std::uint64_t sentThisTurn = 0;
    const std::uint64_t chunk = sendfileChunk();
    while (m_fileRemaining > 0) {
        auto offset = off_t(m_fileOffset);
        const std::uint64_t asked = std::min(m_fileRemaining, chunk);
        const ssize_t n
            = ::sendfile(m_stream.native_handle(), m_response.file.get(), &offset, std::size_t(asked));
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
                asio::post(m_stream.get_executor(), [self = shared_from_this()] { self->sendFile(); });
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
        abortResponse();
        return;
    }
    m_response.file.reset();
    if (finishResponse())
        processInput();
}

void Connection::sendFileTls()
{
    // No sendfile(2) through OpenSSL without kernel TLS: each piece is read
    // (from the page cache) and encrypted, then written like any other output.
    if (m_fileRemaining == 0) {
        m_response.file.reset();
        if (finishResponse())
            processInput();
        return;
    }
    const std::size_t piece = std::size_t(std::min<std::uint64_t>(m_fileRemaining, kTlsFileChunk));
    m_output.resize(piece);
    const ssize_t n = ::pread(m_response.file.get(), m_output.data(), piece, off_t(m_fileOffset));
    if (n <= 0) {
        // An error, or the file shrank: the promised length cannot be met.
        abortResponse();
        return;
    }
    m_output.resize(std::size_t(n));
    m_fileOffset += std::uint64_t(n);
    m_fileRemaining -= std::uint64_t(n);
    setDeadline(m_worker.timeouts().send);
    asio::async_write(m_stream, asio::buffer(m_output),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            bumpCounter(self->m_worker.counters().bytesSent, bytes);
            self->m_responseBytes += bytes;
            if (ec)
                self->abortResponse();
            else
                self->sendFileTls();
        });
}

void Connection::waitWritable()
{
    m_stream.async_wait(
        asio::ip::tcp::socket::wait_write, [self = shared_from_this()](const beast::error_code &ec) {
            if (ec)
                self->abortResponse();
            else
                self->sendFile();
        });
}

void Connection::recordResponse()
{
    m_responseOpen = false;
    const auto serviceTime = std::chrono::steady_clock::now() - m_parsedAt;
    const auto serviceUs = std::chrono::duration_cast<std::chrono::microseconds>(serviceTime).count();
    const auto service = quint64(std::max<std::int64_t>(serviceUs, 0));
    m_worker.counters().recordResponse(m_response.status, service);
    if (m_response.site)
        m_response.site->recordResponse(
            m_worker.index(), m_response.status, m_responseBytes, service, m_response.upstream);
    // nginx's $body_bytes_sent: what went out of the body, the head not counted.
    const std::uint64_t bodyBytes = m_responseBytes > m_headBytes ? m_responseBytes - m_headBytes : 0;
    m_responseBytes = 0;
    if (LogWriter *logs = m_worker.logs())
        logs->logResponse(
            m_worker.index(), m_request, m_response, bodyBytes, m_stream.native_handle(), m_peer, m_logStamp);
}

void Connection::abortResponse()
{
    if (m_responseOpen)
        recordResponse();
    m_response.file.reset();
    close();
}

bool Connection::finishResponse()
{
    recordResponse();
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
        m_stream.socket().set_option(asio::ip::tcp::no_delay(true), ignored);
    }
    return true;
}

} // namespace hostbench::http
