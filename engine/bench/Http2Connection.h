#pragma once

#include "BenchConnection.h"
#include "RunShared.h"
#include "WorkerConnection.h"

#include "tls/TlsStream.h"

#include <boost/asio/steady_timer.hpp>

#include <nghttp2/nghttp2.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hostbench::bench {

class BenchWorker;

/*
 * One HTTP/2 client connection of bench --h2 (RFC 9113), with nghttp2's
 * client session for the framing, HPACK and flow control: h2 chosen by ALPN
 * for https://, h2c with prior knowledge (§3.3: the preface at once, no
 * Upgrade) for http://. Up to parameters.streams requests are in flight at
 * a time, each on its own stream (h2load's -m); each is one attempt, with
 * its latency, status, bytes and time to first byte recorded as
 * BenchConnection records an HTTP/1.1 exchange.
 *
 * Closed model: when a stream ends, the next request starts on it. Open
 * model (rate): the connection's pacer (rate / connections, staggered as
 * BenchConnection's) queues each intended send time; a request goes out
 * when a stream is free, so the wait for one counts in its corrected latency
 * (coordinated omission), and its uncorrected latency runs from the send.
 * The send times come from the run's schedule of now, read again by
 * replan() when the run is paused, resumed or given a new rate; those a
 * pause began after are dropped from the queue (Http2ConnectionPacing.cpp).
 *
 * The first requests of a connection count from the connect start (connect
 * time: TCP, TLS); later ones from their send. A connection failure (connect,
 * TLS, read, write, a protocol error nghttp2 detects) fails every stream under
 * way and the next requests open a new connection; a stream the server
 * resets fails alone (Read); one it refuses (REFUSED_STREAM, or above a
 * GOAWAY's last stream) is sent once more, as the RFC allows (§8.7), on a
 * new connection after a GOAWAY. After a GOAWAY (nginx sends one every keepalive_requests)
 * the streams under way finish and the connection is reopened. A stream
 * past the timeout is cancelled (RST_STREAM CANCEL) and fails as Timeout,
 * the connection kept.
 *
 * A server that does not speak HTTP/2 (ALPN chose http/1.1 or nothing, or it
 * answered h2c's preface in HTTP/1.x, or its first frame is not SETTINGS,
 * §3.4) ends the whole run with the reason (BenchWorker::protocolRefused).
 *
 * Thread: its worker's generator thread only; nghttp2's callbacks run inside
 * the session calls made here. No lock, no allocation per request beyond
 * nghttp2's own stream state.
 */
class Http2Connection final : public WorkerConnection
{
public:
    Http2Connection(BenchWorker &worker, const RunShared &run, int globalIndex);
    ~Http2Connection() override;
    Http2Connection(const Http2Connection &) = delete;
    Http2Connection &operator=(const Http2Connection &) = delete;

    void start() override;
    void checkTimeout(Clock::time_point now, Clock::duration timeout) override;
    void shutdown(Clock::time_point stoppedAt) override;
    void replan() override;

private:
    static constexpr size_t kReadSize = 64 * 1024;
    static constexpr size_t kWriteChunk = 64 * 1024; // nghttp2's output gathered per write
    static constexpr int kDrainReads = 16; // TLS: records read at once after a read (a bound for fairness)

    struct Stream
    {
        Http2Connection *owner = nullptr;
        Attempt attempt;
        std::int32_t id = 0;
        unsigned status = 0; // the final response's; 0 before it
        quint64 bodyBytes = 0;
        size_t bodySent = 0; // request body bytes handed to nghttp2
        bool busy = false;
        bool gotSome = false; // a frame of the answer arrived
    };
    enum class State { Closed, Connecting, Open };

    // nghttp2's callbacks (user_data is the connection, stream data a Stream).
    struct Callbacks;

    void dispatch();
    bool takeWork(Attempt &attempt, Clock::time_point now);
    void connect();
    void handshake(unsigned generation);
    void sessionReady(unsigned generation);
    void submit(Stream &stream);
    void flush();
    void receive();
    void onReceive(unsigned generation, const boost::system::error_code &ec, size_t n);
    bool checkServerPreface(const char *data, size_t n);
    // Hands n bytes of m_in to nghttp2; false when the connection ended on them.
    bool feed(size_t n);
    void streamClosed(Stream &stream, std::uint32_t errorCode);
    void release(Stream &stream);
    void failAll(FailureKind kind);
    void closeConnection();
    void refuse(const QString &reason);
    void armPacer();
    void planNext(); // m_nextIntended from the schedule of now, past what a pause left out
    void dropPaused(); // the due times a pause began after leave m_due
    QString where() const;

    BenchWorker &m_worker;
    const RunShared &m_run;
    tls::Stream m_socket;
    SSL_SESSION *m_session = nullptr; // https:// with tlsResume: the last connection's session, owned
    nghttp2_session *m_h2 = nullptr;
    std::vector<nghttp2_nv> m_fields; // the request's header list, pointing into the run's target
    std::vector<Stream> m_streams;
    std::vector<Stream *> m_free;
    std::vector<Attempt> m_retry; // refused by the server: sent again on a new connection
    std::deque<Clock::time_point> m_due; // open model: intended send times waiting for a stream
    std::optional<boost::asio::steady_timer> m_pacer; // with a rate only
    // With a rate: the run's request (RateSchedule) this connection sends
    // next, and its intended time (none: the stages have ended).
    quint64 m_nextIndex = 0;
    std::optional<Clock::time_point> m_nextIntended;
    size_t m_scheduleHint = 0; // RateSchedule::intended's cursor
    quint64 m_scheduleEpoch = 0; // of the schedule m_nextIntended was read from
    Clock::time_point m_connectStart, m_connected;
    Clock::time_point m_now; // of the read being parsed, or the write being made
    std::unique_ptr<char[]> m_in;
    std::string m_out;
    char m_head[9] {}; // the first bytes the server sent on this connection
    size_t m_headSize = 0;
    int m_busy = 0; // streams under way (or waiting for the connection)
    unsigned m_generation = 0; // of the socket: handlers of a closed one do nothing
    State m_state = State::Closed;
    bool m_open = false; // TCP connected (counted in the worker's open connections)
    bool m_writing = false;
    bool m_goingAway = false; // GOAWAY received, or no stream id left: no new stream here
    bool m_prefaceChecked = false;
    bool m_timedOut = false;
    bool m_tearingDown = false;
    bool m_outOfTickets = false;
    bool m_finished = false; // told the worker it has nothing more to send
    bool m_stopped = false;
    bool m_needDispatch = false;
};

} // namespace hostbench::bench
