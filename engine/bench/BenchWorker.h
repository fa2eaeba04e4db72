#pragma once

#include "BenchConnection.h"
#include "RunShared.h"
#include "SampleCollector.h"
#include "WorkerConnection.h"
#include "WorkerStats.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <memory>
#include <string_view>
#include <vector>

namespace hostbench::bench {

/*
 * One generator thread: its own io_context, its connections, its counters
 * and histograms (wrk's thread_main). Nothing it does per request touches
 * another thread; once per interval it hands a partial to the run's
 * SampleCollector, and once per ticket batch it takes tickets from the run.
 *
 * Thread: run() is the thread's body; requestStop() and done() may be called
 * from any thread; stats() and endedAt() once run() has returned.
 */
class BenchWorker final
{
public:
    enum class Ticket { Warmup, Measured, None };

    BenchWorker(RunShared &run, int index, int firstConnection, int connections);
    ~BenchWorker();

    void run();
    void requestStop();
    // The run's schedule changed (RateControl: paused, resumed, a new rate):
    // the connections read their next send times again. Any thread (posted).
    void replan();
    quint64 done() const { return m_done.load(std::memory_order_relaxed); }
    bool isFinished() const { return m_finishedFlag.load(std::memory_order_acquire); }
    const WorkerStats &stats() const { return m_stats; }
    Clock::time_point endedAt() const { return m_endedAt; }

    // For the connections (this thread).
    boost::asio::io_context &context() { return m_context; }
    Ticket takeTicket(Clock::time_point when);
    void connectionFinished(); // it got no ticket: the worker ends when all have
    void connectionOpened() { ++m_openConnections; }
    void connectionClosed() { --m_openConnections; }
    bool knowsServer() const { return m_serverNoted; }
    void noteServer(std::string_view server);
    // https://: a handshake completed (counted when `measured`), its time in
    // µs; the first of the run names the protocol and cipher suite.
    void recordHandshake(bool measured, quint64 us, bool resumed, SSL *ssl);
    // https://: why a handshake failed, kept for the report when it is the run's first.
    void noteTlsFailure(const QString &reason);
    // HTTP/2: why the server reset a request's stream (RST_STREAM's error code,
    // RFC 9113 §7), kept for the report when it is the run's first.
    void noteStreamReset(std::uint32_t errorCode);
    void recordResponse(
        const Attempt &attempt, Clock::time_point done, unsigned status, quint64 bodyBytes, bool keptAlive);
    void recordFailure(const Attempt &attempt, FailureKind kind);
    // At the stop: an attempt still under way, and the open model's intended
    // send times up to the stop that were never reached.
    void recordUnfinished(const Attempt &attempt);
    void recordNotSent(quint64 count) { m_stats.notSent += count; }
    void outOfDescriptors(int error); // EMFILE/ENFILE: ends the whole run
    // --h2: the server does not speak HTTP/2; ends the whole run, `reason` its error().
    void protocolRefused(const QString &reason);
    // HTTP/2: bytes of frames that belong to no request (SETTINGS, PING,
    // WINDOW_UPDATE, GOAWAY), counted in the bytes received once measuring.
    void recordConnectionBytes(quint64 bytes, Clock::time_point when)
    {
        if (when < m_run.measureAt)
            return;
        m_stats.totalBytes += bytes;
        m_interval.bytes += bytes;
    }

private:
    void armTick();
    void armTimeoutCheck();
    void finish();
    void reportInterval(qint64 endMs);
    void countDone() { m_done.store(m_done.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    RunShared &m_run;
    const int m_index;
    boost::asio::io_context m_context; // before the connections: they are destroyed first
    boost::asio::steady_timer m_tickTimer;
    boost::asio::steady_timer m_timeoutTimer;
    boost::asio::steady_timer m_deadlineTimer;
    std::vector<std::unique_ptr<WorkerConnection>>
        m_connections; // BenchConnection, or Http2Connection with --h2
    WorkerStats m_stats;
    IntervalPartial m_interval;
    qint64 m_tickets = 0; // taken from the run, not used yet
    qint64 m_documentLength = -1; // this thread's copy of run.documentLength
    int m_activeConnections = 0;
    int m_openConnections = 0;
    bool m_serverNoted = false;
    bool m_tlsNoted = false;
    bool m_tlsFailureNoted = false;
    bool m_streamResetNoted = false;
    bool m_finished = false;
    Clock::time_point m_endedAt;
    std::atomic<quint64> m_done { 0 }; // measured attempts ended, for progress()
    std::atomic<bool> m_finishedFlag { false };
};

} // namespace hostbench::bench
