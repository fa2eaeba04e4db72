// Connection's side of a PHP request: the hand-over to a FastCgiResponder
// and its end, and the 403/404 of a path the PHP rules refuse (Connection.h).
#include "Connection.h"

#include "http/FastCgiResponder.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"
#include "http/Worker.h"

namespace hostbench::http {

bool Connection::startPhp()
{
    m_parsedAt = std::chrono::steady_clock::now();
    auto begin = [this] { beginResponse(); };
    auto done = [this](const ProxyOutcome &outcome) { phpDone(outcome); };
    FastCgiResponder::Dispatch dispatch = FastCgiResponder::forRequest(
        m_worker, m_client, shared_from_this(), *m_sites, std::move(begin), std::move(done));
    if (dispatch.status != 0) {
        // Answered as any static error once the request (and its body) is read.
        m_phpStatus = dispatch.status;
        m_phpReason = dispatch.reason;
        return false;
    }
    if (!dispatch.responder)
        return false;
    m_php = std::move(dispatch.responder);
    m_phase = Phase::Proxying;
    m_deadline = ~0u; // the responder's own timeouts apply
    const std::shared_ptr<FastCgiResponder> php = m_php; // phpDone() may come from start() itself
    php->start();
    return true;
}

void Connection::phpDone(const ProxyOutcome &outcome)
{
    const std::shared_ptr<FastCgiResponder> finished = std::move(m_php); // lives until this returns
    upstreamDone(outcome, finished->siteCounters());
}

void Connection::answerPhpRefusal()
{
    m_response.clear();
    m_response.keepAlive = m_request.keepAlive;
    m_response.headOnly = m_request.method == Request::Method::Head;
    RequestTarget target;
    RequestTarget::split(m_request.target, target);
    const Site &site = m_sites->site(m_sites->indexForRequest(m_request.host, target.authority));
    m_response.site = site.counters.get();
    m_worker.handler().files().answerError(m_phpStatus, site, m_response);
    m_response.errorReason = m_phpReason;
}

} // namespace hostbench::http
