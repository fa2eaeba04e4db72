// Http2Connection's streams: made and reused, answered from the static phase
// (routes, files, errors, the redirect to HTTPS), stamped and logged (Http2Connection.h).
#include "http/Http2Callbacks.h"

#include "http/FieldText.h"
#include "http/Http2ClientSide.h"
#include "http/HttpDate.h"
#include "http/PhpMatch.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <algorithm>
#include <cstdio>

namespace hostbench::http {

namespace {

// A response field: the name is a literal (static storage, not copied); the value nghttp2 copies.
nghttp2_nv field(std::string_view name, std::string_view value)
{
    return { reinterpret_cast<std::uint8_t *>(const_cast<char *>(name.data())),
        reinterpret_cast<std::uint8_t *>(const_cast<char *>(value.data())), name.size(), value.size(),
        NGHTTP2_NV_FLAG_NO_COPY_NAME };
}

} // namespace

Http2Connection::Stream *Http2Connection::newStream(std::int32_t id)
{
    std::unique_ptr<Stream> made;
    if (!m_spare.empty()) {
        made = std::move(m_spare.back());
        m_spare.pop_back();
    } else {
        made = std::make_unique<Stream>();
    }
    Stream *stream = made.get();
    stream->id = id;
    stream->request.clear();
    stream->request.version = 20;
    // A request is answered with the table of its start; a reload takes effect from the next one.
    stream->sites = m_worker.sites();
    bumpCounter(m_worker.counters().http2Streams);
    m_streams.emplace(id, std::move(made));
    refreshDeadline();
    return stream;
}

void Http2Connection::releaseStream(Stream *stream)
{
    const auto it = m_streams.find(stream->id);
    if (it == m_streams.end())
        return;
    std::unique_ptr<Stream> released = std::move(it->second);
    m_streams.erase(it);
    if (LogWriter *logs = m_worker.logs(); logs && released->stamp.isListed())
        logs->abandonResponse(m_worker.index(), released->stamp);
    released->response.clear();
    released->sites.reset();
    released->file.reset();
    released->body.clear();
    released->bodyAt = 0;
    released->fileOffset = released->fileRemaining = released->bodySent = 0;
    released->headerBytes = 0;
    released->dataReceived = 0;
    released->authoritySeen = released->tooLarge = released->answered = released->cutShort = false;
    released->deciding = released->dynamic = released->closed = false;
    if (released->client)
        released->client->reset(0);
    if (released->request.body.capacity() > 64 * 1024)
        std::string().swap(released->request.body); // a proxied upload's piece: not kept by a spare stream
    if (m_spare.size() < kMaxConcurrentStreams)
        m_spare.push_back(std::move(released));
    refreshDeadline();
}

void Http2Connection::respond(Stream &stream)
{
    stream.parsedAt = std::chrono::steady_clock::now();
    answer(stream);
    submit(stream);
}

bool Http2Connection::misdirected(const Stream &stream) const
{
    // RFC 9110 §15.5.20: this connection's certificate is not that site's.
    const std::string &host = stream.request.host;
    return m_stream.isTls() && !m_serverName.empty() && !host.empty()
        && stream.sites->indexForHost(m_serverName) != stream.sites->indexForHost(host);
}

void Http2Connection::answer(Stream &stream)
{
    // Proxied paths and PHP scripts never come here: a responder has them (Http2Dynamic.cpp).
    const Request &request = stream.request;
    Response &response = stream.response;
    const SiteTable &sites = *stream.sites;
    if (stream.tooLarge) {
        response.clear();
        RequestHandler::answerError(431, response);
        response.errorReason = "HTTP/2 header section larger than SETTINGS_MAX_HEADER_LIST_SIZE";
        return;
    }
    if (misdirected(stream)) {
        response.clear();
        RequestHandler::answerError(421, response);
        return;
    }
    if (sites.hasPhp() || (!m_stream.isTls() && sites.hasTlsRedirects())) {
        RequestTarget target;
        std::string path;
        if (RequestTarget::split(request.target, target)
            && RequestTarget::normalizePath(target.path, path, nullptr)) {
            const Site &site = sites.site(RequestHandler::pickSite(sites, request, target));
            if (!m_stream.isTls() && site.redirectToHttps
                && answerRedirect(stream, site, target.path, target.query))
                return;
            if (site.runsPhp && !site.findRoute(path)) {
                // A path the PHP rules refuse (PHP source as text, a script that is not there).
                const PhpScript script = matchPhp(site, site.php, path, &m_worker.handler().files().cache());
                if (script.kind == PhpScript::Kind::Forbidden || script.kind == PhpScript::Kind::NotFound) {
                    response.clear();
                    response.headOnly = request.method == Request::Method::Head;
                    response.site = site.counters.get();
                    m_worker.handler().files().answerError(
                        script.kind == PhpScript::Kind::Forbidden ? 403 : 404, site, response);
                    response.errorReason = script.kind == PhpScript::Kind::Forbidden
                        ? "PHP source is never sent as text"
                        : "no such PHP script";
                    return;
                }
            }
        }
    }
    m_worker.handler().handle(request, sites, response);
}

bool Http2Connection::answerRedirect(
    Stream &stream, const Site &site, std::string_view path, std::string_view query)
{
    const quint16 tlsPort = m_worker.localPort(true);
    if (tlsPort == 0)
        return false;
    Response &response = stream.response;
    response.clear();
    RequestHandler::answerError(308, response);
    response.site = site.counters.get();
    response.headOnly = stream.request.method == Request::Method::Head;
    // The site's own name: :authority is the client's to choose, the redirect's target is ours.
    std::string &location = response.location;
    location.assign("https://").append(site.serverName);
    if (tlsPort != 443)
        location.append(1, ':').append(std::to_string(tlsPort));
    location.append(path);
    if (!query.empty())
        location.append(1, '?').append(query);
    return true;
}

namespace {

// A static answer's head as HPACK fields: the fields ResponseHead writes for
// HTTP/1.1, lower case (RFC 9113 §8.2.1), but Connection; its numbers
// formatted here, where nghttp2 reads them until it has copied them (submit).
struct HeadFields
{
    char status[4] = {};
    std::string length;
    std::string range;
    std::string retryAfter;
    char modified[HttpDate::kLength] = {};
    std::array<nghttp2_nv, 16> fields;
    std::size_t count = 0;

    void add(std::string_view name, std::string_view value) { fields[count++] = field(name, value); }
    void fill(const Response &response, std::string_view date);
    void addHsts(std::string_view line);
};

void HeadFields::fill(const Response &response, std::string_view date)
{
    const bool withBody = ResponseHead::bodyAllowed(response.status);
    std::snprintf(status, sizeof status, "%03d", std::clamp(response.status, 100, 999));
    FieldText::appendNumber(length, response.contentLength);
    if (response.contentRange != Response::ContentRange::None) {
        range.append("bytes ");
        if (response.contentRange == Response::ContentRange::Range) {
            FieldText::appendNumber(range, response.rangeFirst);
            range.append(1, '-');
            FieldText::appendNumber(range, response.rangeLast);
        } else {
            range.append(1, '*');
        }
        range.append(1, '/');
        FieldText::appendNumber(range, response.completeLength);
    }
    if (response.retryAfterS > 0)
        FieldText::appendNumber(retryAfter, response.retryAfterS);
    std::string_view lastModified = response.lastModifiedText;
    if (lastModified.empty() && response.lastModified >= 0) {
        HttpDate::format(response.lastModified, modified);
        lastModified = std::string_view(modified, sizeof modified);
    }
    add(":status", std::string_view(status, 3));
    add("server", ResponseHead::kServer);
    add("date", date);
    if (withBody && !response.contentType.empty())
        add("content-type", response.contentType);
    if (withBody) {
        add("content-length", length);
        if (!response.contentEncoding.empty())
            add("content-encoding", response.contentEncoding);
    }
    if (!range.empty())
        add("content-range", range);
    if (response.acceptRanges)
        add("accept-ranges", "bytes");
    if (!response.etag.empty())
        add("etag", response.etag);
    if (!lastModified.empty())
        add("last-modified", lastModified);
    if (response.varyAcceptEncoding)
        add("vary", "Accept-Encoding");
    if (!response.location.empty())
        add("location", response.location);
    if (!response.allow.empty())
        add("allow", response.allow);
    if (!retryAfter.empty())
        add("retry-after", retryAfter);
    if (!response.hsts.empty())
        addHsts(response.hsts);
}

void HeadFields::addHsts(std::string_view value)
{
    // A whole "Strict-Transport-Security: max-age=N\r\n" line (Site::hstsField): its value.
    if (const std::size_t colon = value.find(':'); colon != std::string_view::npos)
        value.remove_prefix(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
        value.remove_prefix(1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n'))
        value.remove_suffix(1);
    add("strict-transport-security", value);
}

} // namespace

void Http2Connection::submit(Stream &stream)
{
    Response &response = stream.response;
    if (!m_stream.isTls())
        response.hsts = {}; // RFC 6797 §7.2: never over cleartext
    const bool withBody = ResponseHead::bodyAllowed(response.status);
    HeadFields head;
    head.fill(response, m_worker.date().now());

    // The body's source, held by the stream until it is sent: the views of a
    // Response point into memory the worker's next request may change.
    nghttp2_data_provider provider {};
    provider.source.ptr = &stream;
    provider.read_callback = Callbacks::readBody;
    bool hasData = withBody && !response.headOnly && response.contentLength > 0;
    if (hasData) {
        if (response.file.isValid() && response.body.empty()) {
            stream.file = std::move(response.file);
            stream.fileOffset = response.fileOffset;
            stream.fileRemaining = response.contentLength;
        } else {
            stream.body.assign(response.body);
            stream.bodyAt = 0;
            hasData = !stream.body.empty();
        }
    }
    response.file.reset();
    response.body = {};

    stamp(stream);
    stream.answered = true;
    if (nghttp2_submit_response(
            m_session, stream.id, head.fields.data(), head.count, hasData ? &provider : nullptr)
        != 0)
        nghttp2_submit_rst_stream(m_session, NGHTTP2_FLAG_NONE, stream.id, NGHTTP2_INTERNAL_ERROR);
}

void Http2Connection::stamp(Stream &stream)
{
    // Stamped before the first byte goes out, as HTTP/1.1's (LogWriter::beginResponse).
    if (LogWriter *logs = m_worker.logs()) {
        logs->beginResponse(m_worker.index(), stream.request, stream.stamp);
        if (stream.stamp.isListed() && m_peer.family == 0)
            m_peer = PeerAddress::ofSocket(m_stream.native_handle());
    }
}

void Http2Connection::record(Stream &stream)
{
    Response &response = stream.response;
    const auto serviceTime = std::chrono::steady_clock::now() - stream.parsedAt;
    const auto serviceUs = std::chrono::duration_cast<std::chrono::microseconds>(serviceTime).count();
    const auto service = quint64(std::max<std::int64_t>(serviceUs, 0));
    m_worker.counters().recordResponse(response.status, service);
    // The site's bytes: the body's (HPACK makes a head's size on the wire no single response's).
    if (response.site)
        response.site->recordResponse(
            m_worker.index(), response.status, stream.bodySent, service, response.upstream);
    if (LogWriter *logs = m_worker.logs())
        logs->logResponse(m_worker.index(), stream.request, response, stream.bodySent,
            m_stream.native_handle(), m_peer, stream.stamp);
}

} // namespace hostbench::http
