#include "BenchWorker.h"

#include "Http2Connection.h"

#include <boost/asio/post.hpp>

#include <nghttp2/nghttp2.h>

#include <algorithm>

namespace hostbench::bench {

namespace asio = boost::asio;
using std::chrono::duration_cast;
using std::chrono::microseconds;
using std::chrono::milliseconds;

namespace {

quint64 us(Clock::duration d)
{
    return quint64(std::max<qint64>(0, duration_cast<microseconds>(d).count()));
}

} // namespace

BenchWorker::BenchWorker(RunShared &run, int index, int firstConnection, int connections)
    : m_run(run)
    , m_index(index)
    // One thread does all the I/O, so the reactor needs no locking; the
    // scheduler keeps its lock for requestStop(), posted from other threads.
    , m_context(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO)
    , m_tickTimer(m_context)
    , m_timeoutTimer(m_context)
    , m_deadlineTimer(m_context)
{
    m_interval.histogram = std::make_unique<model::LatencyHistogram>();
    m_connections.reserve(size_t(connections));
    for (int i = 0; i < connections; ++i) {
        if (run.parameters.http2)
            m_connections.push_back(std::make_unique<Http2Connection>(*this, run, firstConnection + i));
        else
            m_connections.push_back(std::make_unique<BenchConnection>(*this, run, firstConnection + i));
    }
    m_activeConnections = connections;
}

BenchWorker::~BenchWorker() = default;

void BenchWorker::run()
{
    armTick();
    armTimeoutCheck();
    if (!m_run.countMode) {
        m_deadlineTimer.expires_at(m_run.measureAt + milliseconds(m_run.parameters.durationMs));
        m_deadlineTimer.async_wait([this](const boost::system::error_code &ec) {
            if (!ec)
                finish();
        });
    }
    for (auto &connection : m_connections)
        connection->start();
    if (m_connections.empty())
        finish();
    m_context.run();
    m_finishedFlag.store(true, std::memory_order_release);
}

void BenchWorker::requestStop()
{
    asio::post(m_context, [this] { finish(); });
}

void BenchWorker::replan()
{
    asio::post(m_context, [this] {
        if (m_finished)
            return;
        for (auto &connection : m_connections)
            connection->replan();
    });
}

void BenchWorker::armTick()
{
    const qint64 intervalMs = m_run.parameters.sampleIntervalMs;
    m_tickTimer.expires_at(m_run.measureAt + milliseconds(intervalMs * (m_interval.index + 1)));
    m_tickTimer.async_wait([this, intervalMs](const boost::system::error_code &ec) {
        if (ec || m_finished)
            return;
        const qint64 endMs = intervalMs * (m_interval.index + 1);
        if (!m_run.countMode && endMs >= m_run.parameters.durationMs) {
            finish(); // the deadline: the last interval ends with the run
            return;
        }
        reportInterval(endMs);
        if (m_run.collector.thresholdBroken()) {
            finish(); // --abort-on-fail: this interval broke a threshold
            return;
        }
        armTick();
    });
}

void BenchWorker::armTimeoutCheck()
{
    const auto timeout = milliseconds(m_run.parameters.timeoutMs);
    // Checking a few times per timeout is enough: a timed-out request is
    // reported at most 10% late, and no timer is armed per request.
    const auto period = std::clamp<milliseconds>(timeout / 10, milliseconds(5), milliseconds(100));
    m_timeoutTimer.expires_after(period);
    m_timeoutTimer.async_wait([this, timeout](const boost::system::error_code &ec) {
        if (ec || m_finished)
            return;
        if (m_run.descriptorErrno.load(std::memory_order_relaxed) != 0
            || m_run.protocolRefused.load(std::memory_order_relaxed) || m_run.collector.thresholdBroken()) {
            finish(); // another thread ran out of descriptors, found no HTTP/2, or broke a threshold
            return;
        }
        const Clock::time_point now = Clock::now();
        for (auto &connection : m_connections)
            connection->checkTimeout(now, timeout);
        armTimeoutCheck();
    });
}

void BenchWorker::reportInterval(qint64 endMs)
{
    m_interval.endMs = endMs;
    m_interval.openConnections = m_openConnections;
    m_run.collector.report(m_index, m_interval);
    m_interval.index += 1;
    m_interval.completed = 0;
    m_interval.failed = 0;
    m_interval.bytes = 0;
    m_interval.failedLength = 0;
    m_interval.non2xx = 0;
    m_interval.succeeded = 0;
}

void BenchWorker::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_endedAt = Clock::now();
    m_tickTimer.cancel();
    m_timeoutTimer.cancel();
    m_deadlineTimer.cancel();
    for (auto &connection : m_connections)
        connection->shutdown(m_endedAt);

    if (m_endedAt >= m_run.measureAt) {
        const qint64 intervalMs = m_run.parameters.sampleIntervalMs;
        qint64 endMs = duration_cast<milliseconds>(m_endedAt - m_run.measureAt).count();
        if (!m_run.countMode)
            endMs = std::min<qint64>(endMs, m_run.parameters.durationMs);
        endMs = std::max(endMs, intervalMs * m_interval.index);
        // Ticks that came late (a stalled machine) still give one sample per
        // interval: the pending figures go to the first, the rest are empty.
        while (intervalMs * (m_interval.index + 1) < endMs)
            reportInterval(intervalMs * (m_interval.index + 1));
        const bool hasData = m_interval.completed || m_interval.failed || m_interval.bytes;
        if (hasData || endMs > intervalMs * m_interval.index)
            reportInterval(endMs);
    }
    m_run.collector.finish(m_index);
    m_context.stop();
}

BenchWorker::Ticket BenchWorker::takeTicket(Clock::time_point when)
{
    if (when < m_run.measureAt)
        return Ticket::Warmup;
    if (!m_run.countMode)
        return Ticket::Measured;
    if (m_tickets == 0) {
        const qint64 asked = m_run.parameters.requests;
        const qint64 taken = m_run.ticketsTaken.fetch_add(m_run.ticketBatch, std::memory_order_relaxed);
        if (taken >= asked)
            return Ticket::None;
        m_tickets = std::min(m_run.ticketBatch, asked - taken);
    }
    --m_tickets;
    return Ticket::Measured;
}

void BenchWorker::connectionFinished()
{
    if (--m_activeConnections == 0)
        finish();
}

void BenchWorker::outOfDescriptors(int error)
{
    int none = 0;
    m_run.descriptorErrno.compare_exchange_strong(none, error, std::memory_order_relaxed);
    finish();
}

void BenchWorker::protocolRefused(const QString &reason)
{
    {
        std::lock_guard lock(m_run.serverMutex);
        if (m_run.protocolFailure.isEmpty())
            m_run.protocolFailure = reason;
    }
    m_run.protocolRefused.store(true, std::memory_order_relaxed);
    finish();
}

void BenchWorker::recordHandshake(bool measured, quint64 us, bool resumed, SSL *ssl)
{
    if (!m_tlsNoted) {
        m_tlsNoted = true;
        std::lock_guard lock(m_run.serverMutex);
        if (m_run.tlsProtocol.isEmpty()) {
            m_run.tlsProtocol = tls::ClientContext::protocol(ssl);
            m_run.tlsCipher = tls::ClientContext::cipher(ssl);
        }
    }
    if (!measured)
        return;
    m_stats.tlsHandshakes += 1;
    if (resumed)
        m_stats.tlsResumed += 1;
    m_stats.handshake.record(us);
}

void BenchWorker::noteTlsFailure(const QString &reason)
{
    if (m_tlsFailureNoted)
        return;
    m_tlsFailureNoted = true;
    std::lock_guard lock(m_run.serverMutex);
    if (m_run.tlsFailure.isEmpty())
        m_run.tlsFailure = reason;
}

void BenchWorker::noteStreamReset(std::uint32_t errorCode)
{
    if (m_streamResetNoted)
        return;
    m_streamResetNoted = true;
    QString text
        = QStringLiteral("RST_STREAM %1 (0x%2) from the server, RFC 9113 §7")
              .arg(QString::fromLatin1(nghttp2_http2_strerror(errorCode)), QString::number(errorCode, 16));
    if (errorCode == NGHTTP2_HTTP_1_1_REQUIRED)
        text += QStringLiteral(": it asks for HTTP/1.1 on this path (run without --h2)");
    std::lock_guard lock(m_run.serverMutex);
    if (m_run.streamReset.isEmpty())
        m_run.streamReset = text;
}

void BenchWorker::noteServer(std::string_view server)
{
    m_serverNoted = true;
    std::lock_guard lock(m_run.serverMutex);
    if (!m_run.serverKnown) {
        m_run.serverKnown = true;
        m_run.serverSoftware = QString::fromLatin1(server.data(), qsizetype(server.size()));
    }
}

void BenchWorker::recordResponse(
    const Attempt &attempt, Clock::time_point done, unsigned status, quint64 bodyBytes, bool keptAlive)
{
    if (!attempt.measured)
        return;
    if (m_documentLength < 0) {
        qint64 expected = -1;
        // The first response of the whole run sets the length every later one must have.
        if (m_run.documentLength.compare_exchange_strong(
                expected, qint64(bodyBytes), std::memory_order_acq_rel))
            m_documentLength = qint64(bodyBytes);
        else
            m_documentLength = expected;
    }
    m_stats.htmlBytes += bodyBytes;
    // As ab: a response whose length differs from the first is complete,
    // with its times, and failed (Length) as well.
    if (qint64(bodyBytes) != m_documentLength) {
        m_stats.failures[size_t(FailureKind::Length)] += 1;
        m_interval.failed += 1;
        m_interval.failedLength += 1;
    }

    const quint64 totalUs = us(done - attempt.start);
    const quint64 connectUs = attempt.reused ? 0 : us(attempt.connected - attempt.start);
    m_stats.total.record(totalUs);
    m_stats.connect.record(connectUs);
    m_stats.waiting.record(us(attempt.firstByte - attempt.written));
    m_stats.processing.record(totalUs - std::min(totalUs, connectUs));
    quint64 latencyUs = totalUs;
    if (m_run.paced()) {
        latencyUs = us(done - attempt.intended);
        m_stats.corrected.record(latencyUs);
    }
    m_interval.histogram->record(latencyUs);

    m_stats.completed += 1;
    m_stats.totalBytes += attempt.bytes;
    m_stats.statusCounts[std::min<unsigned>(status, WorkerStats::kStatusSlots - 1)] += 1;
    if (status < 200 || status > 299) {
        m_stats.non2xx += 1;
        m_interval.non2xx += 1;
    }
    if (status >= 200 && status <= 399)
        m_interval.succeeded += 1;
    if (keptAlive)
        m_stats.keepAliveRequests += 1;
    m_interval.completed += 1;
    m_interval.bytes += attempt.bytes;
    countDone();
}

void BenchWorker::recordUnfinished(const Attempt &attempt)
{
    if (attempt.measured)
        m_stats.unfinished += 1;
}

void BenchWorker::recordFailure(const Attempt &attempt, FailureKind kind)
{
    if (!attempt.measured)
        return;
    m_stats.failures[size_t(kind)] += 1;
    m_stats.totalBytes += attempt.bytes;
    m_interval.failed += 1;
    m_interval.bytes += attempt.bytes;
    countDone();
}

} // namespace hostbench::bench
