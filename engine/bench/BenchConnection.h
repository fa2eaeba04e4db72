#pragma once

#include "ResponseReader.h"
#include "RunShared.h"
#include "WorkerConnection.h"
#include "WorkerStats.h"

#include "tls/TlsStream.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <memory>
#include <optional>

namespace hostbench::bench {

class BenchWorker;

/*
 * The timestamps and size of one request attempt, as ab's struct data:
 * start is the connect start (or the send start on a reused connection);
 * with a rate, intended is when the schedule wanted the request sent;
 * firstByte is the first byte the server sent back (that of an interim 1xx
 * response when one came first).
 */
struct Attempt
{
    Clock::time_point intended, start, connected, written, firstByte; // connected: TCP (and TLS) done
    quint64 bytes = 0; // received, headers (interim responses') included
    bool reused = false; // sent on a kept-alive connection: no connect time
    bool measured = false; // begun after the warm-up and holding a ticket
    bool retried = false; // HTTP/2: sent again on a new connection after the server refused its stream
};

/*
 * One client connection of the closed (or, with a rate, paced) model: send
 * the pre-serialised request, read the answer with a ResponseReader (Beast's
 * response_parser; interim 1xx responses skipped, 101 final), record, send
 * the next. After a 101 the connection speaks another protocol: it is
 * closed, and the next request opens a new one. Failures close the socket; the
 * next request reconnects. A kept-alive connection that the server closed
 * while idle is reopened once without counting a failure (as ab).
 *
 * https://: after the TCP connect, the TLS handshake (tls::Stream, with the
 * run's tls::ClientContext: SNI, verification), its time recorded apart; a
 * failed one fails the attempt as FailureKind::Tls. With tlsResume, the
 * session of the previous connection is offered again (a ticket), so only
 * the first handshake of a connection slot is a full one.
 *
 * With a rate, each request waits for its send time in the run's schedule
 * of now (RunShared::schedule(); read again by replan() when the run is
 * paused, resumed or given a new rate): BenchConnectionPacing.cpp.
 *
 * Thread: its worker's generator thread only. Timeouts are enforced by the
 * worker's periodic checkTimeout(), so no timer is armed per request.
 */
class BenchConnection final : public WorkerConnection
{
public:
    BenchConnection(BenchWorker &worker, const RunShared &run, int globalIndex);
    ~BenchConnection() override;
    BenchConnection(const BenchConnection &) = delete;
    BenchConnection &operator=(const BenchConnection &) = delete;

    void start() override;
    void checkTimeout(Clock::time_point now, Clock::duration timeout) override;
    // Closes and sends nothing more; an attempt under way is counted as
    // unfinished, and with a rate the send times due by `stoppedAt` as not sent.
    void shutdown(Clock::time_point stoppedAt) override;
    void replan() override;

private:
    static constexpr size_t kBufferSize = 16 * 1024; // > Beast's 8 KiB header limit

    void next();
    void begin();
    void connect();
    void handshake(Clock::time_point tcpConnected);
    void send();
    void receive();
    void onReceive(const boost::system::error_code &ec, size_t n);
    void onEof();
    void complete(Clock::time_point now);
    void fail(FailureKind kind);
    void resetParser();
    bool retryStale(); // reopens a reused connection the server had closed
    void closeSocket();

    BenchWorker &m_worker;
    const RunShared &m_run;
    tls::Stream m_socket; // cleartext, or TLS for https://
    SSL_SESSION *m_session = nullptr; // https:// with tlsResume: the last connection's session, owned
    std::optional<boost::asio::steady_timer> m_pacer; // with a rate only
    quint64 m_nextIndex = 0; // with a rate: the run's request (RateSchedule) this connection sends next
    size_t m_scheduleHint = 0; // RateSchedule::intended's cursor
    quint64 m_scheduleEpoch = 0; // of the schedule m_attempt.intended was read from
    ResponseReader m_reader;
    std::unique_ptr<char[]> m_buffer;
    size_t m_used = 0; // bytes in m_buffer not yet parsed
    Attempt m_attempt;
    bool m_open = false;
    bool m_busy = false; // an attempt is under way
    bool m_timedOut = false; // checkTimeout() closed the socket of this attempt
    bool m_retried = false;
    bool m_stopped = false;
    bool m_waitingForPacer = false; // with a rate: idle until m_attempt.intended
    bool m_waitingForPlan = false; // with a rate: paused, or past the plan's end, until the schedule changes
};

} // namespace hostbench::bench
