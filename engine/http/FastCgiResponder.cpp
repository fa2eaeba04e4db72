// FastCgiResponder's choice of requests, its connection to PHP-FPM, its
// timeouts, errors and end (FastCgiResponder.h).
#include "http/FastCgiResponder.h"

#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"
#include "http/UpstreamTarget.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

static_assert(std::tuple_size_v<decltype(WorkerCounters::phpErrors)> == std::size_t(FastCgiError::Count));

FastCgiResponder::Dispatch FastCgiResponder::forRequest(Worker &worker, ClientSide &client,
    std::shared_ptr<void> owner, const SiteTable &sites, Begin begin, Done done)
{
    const Request &request = client.request();
    RequestTarget target;
    if (!RequestTarget::split(request.target, target))
        return {};
    const Site &site = sites.site(sites.indexForRequest(request.host, target.authority));
    if (!site.runsPhp)
        return {};
    std::string path;
    if (!RequestTarget::normalizePath(target.path, path) || site.findRoute(path))
        return {}; // the usual 400, or the fixed route: RequestHandler's
    PhpScript script = matchPhp(site, site.php, path, &worker.handler().files().cache());
    switch (script.kind) {
    case PhpScript::Kind::Static:
        return {};
    case PhpScript::Kind::Forbidden:
        return { nullptr, 403, "PHP source is never sent as text" };
    case PhpScript::Kind::NotFound:
        return { nullptr, 404, "no such PHP script" };
    case PhpScript::Kind::Script:
        break;
    }
    Dispatch dispatch;
    dispatch.responder = std::make_shared<FastCgiResponder>(
        worker, client, std::move(owner), site, std::move(script), std::move(begin), std::move(done));
    return dispatch;
}

FastCgiResponder::FastCgiResponder(Worker &worker, ClientSide &client, std::shared_ptr<void> owner,
    const Site &site, PhpScript script, Begin begin, Done done)
    : m_worker(worker)
    , m_client(client)
    , m_owner(std::move(owner))
    , m_site(site)
    , m_script(std::move(script))
    , m_begin(std::move(begin))
    , m_done(std::move(done))
    , m_key("fastcgi:" + site.php.address)
    , m_timer(worker.context())
    , m_clientKeepAlive(client.request().keepAlive)
    , m_headOnly(client.request().method == Request::Method::Head)
{ }

FastCgiResponder::~FastCgiResponder()
{
    if (m_holdsSlot)
        m_worker.upstreams().release(*m_slots); // finish() never came: handlers destroyed at the stop
}

SiteCounters *FastCgiResponder::siteCounters() const
{
    return m_site.counters.get();
}

void FastCgiResponder::start()
{
    m_client.attach(std::shared_ptr<ClientSide::Events>(shared_from_this(), this));
    if (!resolveEndpoint())
        return;
    // A chunked body still arriving has no length PHP-FPM would read: spooled first.
    if (m_client.bodyLengthUnknown() && !m_client.bodyDone()) {
        startSpool();
        return;
    }
    connectOrReuse();
}

void FastCgiResponder::connectOrReuse()
{
    writeRequestRecords();
    UpstreamPool &pool = m_worker.upstreams();
    m_slots = &pool.upstream(m_key, m_site.php.unanswered);
    if (std::optional<Socket> pooled = pool.take(*m_slots)) {
        m_holdsSlot = true;
        m_upstream.emplace(std::move(*pooled));
        m_outcome.timing.connectUs = 0;
        send();
        return;
    }
    if (!pool.reserve(*m_slots)) {
        queue(); // all busy: wait for one
        return;
    }
    m_holdsSlot = true;
    connect();
}

bool FastCgiResponder::resolveEndpoint()
{
    // Resolved once per start or reload (resolvePhpAddress), never per request.
    if (!m_site.php.resolved) {
        fail(FastCgiError::Unavailable, 502, m_site.php.unresolved);
        return false;
    }
    return true;
}

void FastCgiResponder::connect()
{
    m_upstream.emplace(m_worker.context(), m_site.php.endpoint.protocol());
    watchForPinning();
    arm();
    m_upstream->async_connect(m_site.php.endpoint, [self = shared_from_this()](const beast::error_code &ec) {
        self->m_timer.cancel();
        if (ec && self->m_aborted) {
            self->finish(false);
            return;
        }
        if (ec) {
            if (self->m_timedOut)
                self->fail(FastCgiError::Timeout, 504, "connecting");
            else
                self->fail(FastCgiError::Unavailable, 502, ec.message());
            return;
        }
        const int family = self->m_site.php.endpoint.protocol().family();
        if (family == AF_INET || family == AF_INET6) {
            const int one = 1;
            ::setsockopt(self->m_upstream->native_handle(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        }
        self->m_outcome.timing.connectUs = self->sinceStart();
        self->send();
    });
}

void FastCgiResponder::abort()
{
    m_aborted = true;
    if (isWaiting()) {
        leftQueue();
        return;
    }
    if (m_upstream) {
        beast::error_code ignored;
        m_upstream->close(ignored);
    }
    m_timer.cancel();
}

void FastCgiResponder::arm()
{
    arm(std::chrono::milliseconds(m_site.php.timeoutMs));
}

void FastCgiResponder::arm(std::chrono::milliseconds timeout)
{
    m_timer.expires_after(timeout);
    m_timer.async_wait([weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        // A handler already queued when the timer was cancelled and armed again (the queue's
        // wait handed a connection) comes without an error: the new expiry tells.
        if (ec || !self || self->m_finished || self->m_timer.expiry() > Clock::now())
            return;
        if (self->isWaiting())
            self->queueTimedOut();
        else
            self->onTimeout();
    });
}

void FastCgiResponder::onTimeout()
{
    m_timedOut = true;
    beast::error_code ignored;
    if (m_readingClient) {
        m_client.cancel(); // a client too slow with its body: 408 (stopUpload)
        return;
    }
    if (m_upstream) {
        // Tell PHP-FPM to stop the script where its socket takes the record at once, then close.
        std::string record;
        fastcgi::appendAbortRequest(record, fastcgi::kRequestId);
        [[maybe_unused]] const ssize_t sent
            = ::send(m_upstream->native_handle(), record.data(), record.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
        m_upstream->close(ignored);
    }
    if (m_headSent)
        m_client.giveUp(); // a stalled client write
}

std::int64_t FastCgiResponder::sinceStart() const
{
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - m_started).count();
}

const char *FastCgiResponder::reasonFor(FastCgiError error, std::string_view detail) const
{
    static constexpr std::array<std::string_view, std::size_t(FastCgiError::Count)> kWhat {
        "cannot be reached", "timed out", "sent an invalid response head", "sent a response head over 16 KiB",
        "sent malformed FastCGI records", "closed the connection before answering",
        "closed the connection before the end of the response",
        "kept every connection this worker may open busy"
    };
    std::string text = "PHP-FPM at " + m_site.php.address + " ";
    text.append(kWhat[std::size_t(error)]);
    if (error == FastCgiError::Timeout || error == FastCgiError::QueueTimeout)
        text.append(" (").append(std::to_string(m_site.php.timeoutMs)).append(" ms)");
    if (!detail.empty())
        text.append(": ").append(detail);
    return UpstreamTarget::intern(text);
}

void FastCgiResponder::fail(FastCgiError error, int status, std::string_view detail)
{
    bumpCounter(m_worker.counters().phpErrors[std::size_t(error)]);
    m_outcome.status = status;
    m_outcome.reason = reasonFor(error, detail);
    finish(m_clientKeepAlive && !m_uploadCut);
}

void FastCgiResponder::watchForPinning()
{
    // A new connection that no PHP-FPM worker answers within kPinnedAfter is
    // likely queued behind workers held by idle kept connections: counted
    // until it is answered (FastCgiResponder.h, "pinned").
    m_pinTimer.emplace(m_worker.context());
    m_pinTimer->expires_after(kPinnedAfter);
    m_pinTimer->async_wait([weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        if (ec || !self || self->m_finished || !self->m_pinTimer)
            return;
        self->m_unanswered = true;
        self->m_site.php.unanswered->fetch_add(1, std::memory_order_relaxed);
    });
}

void FastCgiResponder::answered()
{
    if (m_pinTimer) {
        m_pinTimer->cancel();
        m_pinTimer.reset();
    }
    if (m_unanswered) {
        m_unanswered = false;
        m_site.php.unanswered->fetch_sub(1, std::memory_order_relaxed);
    }
}

void FastCgiResponder::finish(bool keepAlive)
{
    if (m_finished)
        return;
    m_finished = true;
    answered();
    m_timer.cancel();
    if (m_upstream) {
        beast::error_code ignored;
        m_upstream->close(ignored); // not pooled: it may have unread bytes
        m_upstream.reset();
    }
    if (m_holdsSlot) {
        m_holdsSlot = false;
        m_worker.upstreams().release(*m_slots); // to the next request waiting, if any
    }
    // A request body not read to its end leaves the client's stream in doubt.
    m_outcome.keepAlive = keepAlive && m_client.bodyDone();
    if (m_outcome.timing.totalUs < 0 && m_outcome.timing.headerUs >= 0)
        m_outcome.timing.totalUs = sinceStart();
    m_outcome.bytesSent += m_client.bytesSent();
    m_outcome.bodyBytes += m_client.bodyBytes();
    m_client.detach();
    Done done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(m_outcome);
}

} // namespace hostbench::http
