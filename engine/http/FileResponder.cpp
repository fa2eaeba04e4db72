#include "FileResponder.h"

#include "http/ContentCoding.h"
#include "http/DirectoryListing.h"
#include "http/FieldText.h"
#include "http/Request.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/Response.h"
#include "http/SiteTable.h"
#include "http/Validators.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <ctime>
#include <functional>

namespace hostbench::http {

namespace {

constexpr std::string_view kListingType = "text/html; charset=utf-8";

std::string_view etagCoding(ContentCoding::Coding coding)
{
    switch (coding) {
    case ContentCoding::Coding::Brotli:
        return "br";
    case ContentCoding::Coding::Gzip:
        return "gz";
    case ContentCoding::Coding::Identity:
        break;
    }
    return {};
}

} // namespace

bool FileResponder::isHiddenPath(std::string_view path)
{
    constexpr std::string_view kWellKnown = "/.well-known/";
    if (path.starts_with(kWellKnown) || path == kWellKnown.substr(0, kWellKnown.size() - 1))
        path.remove_prefix(kWellKnown.size() - 1);
    for (std::size_t slash = path.find('/'); slash != std::string_view::npos;
         slash = path.find('/', slash + 1)) {
        if (slash + 1 < path.size() && path[slash + 1] == '.')
            return true;
    }
    return false;
}

void FileResponder::answerError(int status, const Site &site, Response &response)
{
    RequestHandler::answerError(status, response);
    const std::string *page = site.errorPage(status);
    if (!page)
        return;
    StaticFile::Result result;
    SharedFd fd;
    const FileCache::Entry *entry = m_cache.lookup(site, *page, false, true, result, fd, m_scratch);
    if (!entry || result != StaticFile::Result::Found)
        return;
    response.contentType = m_mimeTypes.typeFor(StaticFile::fileName(entry->relative));
    response.contentLength = entry->stat.size;
    if (entry->haveContent) {
        response.body = entry->content;
    } else {
        response.body = {};
        response.file = std::move(fd);
    }
}

void FileResponder::answer(const Request &request, const Site &site, const RequestTarget &target,
    std::string_view path, Response &response)
{
    const auto method = request.method;
    if (method != Request::Method::Get && method != Request::Method::Head
        && method != Request::Method::Options) {
        answerError(405, site, response);
        return;
    }
    if (!site.serveHiddenFiles && isHiddenPath(path)) {
        answerError(404, site, response);
        response.errorReason = StaticFile::kHiddenFile;
        return;
    }
    StaticFile::Result result;
    const char *reason = nullptr;
    const bool options = method == Request::Method::Options;
    // One call for the file and the sibling sent for it: both stay valid until the next lookup.
    FileCache::Representation found = m_cache.lookupFile(site, path,
        options ? std::string_view() : request.acceptEncoding, !options, result, m_scratch, &reason);
    switch (result) {
    case StaticFile::Result::Found:
        serve(request, site, found, response);
        return;
    case StaticFile::Result::NotFound:
        answerError(404, site, response);
        response.errorReason = reason;
        return;
    case StaticFile::Result::Forbidden:
        answerError(403, site, response);
        response.errorReason = reason;
        return;
    case StaticFile::Result::Directory:
        if (method == Request::Method::Options) {
            RequestHandler::answerOptions(response);
        } else if (site.directoryListing) {
            answerListing(site, path, response);
        } else {
            answerError(403, site, response);
            response.errorReason = StaticFile::kDirectoryForbidden;
        }
        return;
    case StaticFile::Result::DirectoryWithoutSlash:
        answerError(301, site, response);
        // Relative Location (RFC 9110 §10.2.2), from the path as the client wrote it.
        response.location.assign(target.path).append(1, '/');
        if (!target.query.empty())
            response.location.append(1, '?').append(target.query);
        return;
    }
}

void FileResponder::answerListing(const Site &site, std::string_view path, Response &response)
{
    UniqueFd directory = StaticFile::openDirectory(site, m_scratch);
    std::vector<DirectoryListing::Entry> entries;
    if (!directory.isValid()
        || !DirectoryListing::read(::dup(directory.get()), entries, site.serveHiddenFiles)) {
        answerError(403, site, response);
        return;
    }
    DirectoryListing::sort(entries);
    DirectoryListing::render(path, entries, m_body);
    response.status = 200;
    response.contentType = kListingType;
    response.body = m_body;
    response.contentLength = m_body.size();
}

[[gnu::flatten]] void FileResponder::serve(
    const Request &request, const Site &site, FileCache::Representation &found, Response &response)
{
    const FileCache::Entry &file = *found.file;
    response.varyAcceptEncoding = file.brotli || file.gzip;
    if (request.method == Request::Method::Options) {
        RequestHandler::answerOptions(response);
        return;
    }
    const std::string_view contentType = m_mimeTypes.typeFor(StaticFile::fileName(file.relative));
    describe(found, response);
    if (applyConditions(request, site, response))
        return;
    std::uint64_t offset = 0;
    response.status = 200;
    response.contentType = contentType;
    if (applyRanges(request, site, found, contentType, offset, response))
        return;
    attachBody(found, offset, response);
}

void FileResponder::describe(const FileCache::Representation &found, Response &response)
{
    const FileCache::Entry &chosen = *found.chosen;
    const StaticFile::Stat &stat = chosen.stat;
    response.contentEncoding = ContentCoding::name(found.coding);
    // The cache formatted both when it last checked the file: at W1 that
    // saved about 1,000 instructions a request (callgrind).
    if (found.coding == ContentCoding::Coding::Identity && !chosen.etag.empty())
        response.etag.assign(chosen.etag);
    else
        Validators::formatETag(stat.inode, stat.size, stat.mtimeNs, etagCoding(found.coding), response.etag);
    response.lastModified = stat.mtime();
    response.lastModifiedText = chosen.lastModified;
    // RFC 9110 §8.8.2.1: a modification time ahead of the clock is replaced by
    // the message's date. Date is read after this (Connection::writeResponse),
    // so it is never earlier. time() is a vDSO read, no system call.
    const std::time_t now = std::time(nullptr);
    if (response.lastModified > now) {
        response.lastModified = now;
        response.lastModifiedText = {}; // ResponseHead formats `now`
    }
    response.acceptRanges = true;
    response.contentLength = stat.size;
}

bool FileResponder::applyConditions(const Request &request, const Site &site, Response &response)
{
    if (!Validators::hasConditions(request))
        return false;
    switch (Validators::evaluate(request, response.etag, response.lastModified)) {
    case Validators::Outcome::NotModified:
        response.status = 304;
        response.contentLength = 0;
        response.contentEncoding = {};
        return true;
    case Validators::Outcome::PreconditionFailed:
        answerError(412, site, response);
        response.contentEncoding = {};
        return true;
    case Validators::Outcome::Proceed:
        break;
    }
    return false;
}

bool FileResponder::applyRanges(const Request &request, const Site &site,
    const FileCache::Representation &found, std::string_view contentType, std::uint64_t &offset,
    Response &response)
{
    const std::uint64_t length = found.chosen->stat.size;
    if (request.range.empty()
        || (!request.ifRange.empty()
            && !Validators::ifRangeHolds(request.ifRange, response.etag, response.lastModified)))
        return false;
    switch (Ranges::parse(request.range, length, m_ranges)) {
    case Ranges::Result::Ignore:
        return false;
    case Ranges::Result::Unsatisfiable:
        answerError(416, site, response);
        response.contentEncoding = {};
        response.contentRange = Response::ContentRange::Unsatisfied;
        response.completeLength = length;
        return true;
    case Ranges::Result::Satisfiable:
        if (m_ranges.size() > 1)
            return answerMultipart(*found.chosen, found.fd.get(), contentType, response);
        response.status = 206;
        response.contentRange = Response::ContentRange::Range;
        response.rangeFirst = m_ranges.front().first;
        response.rangeLast = m_ranges.front().last;
        response.completeLength = length;
        offset = m_ranges.front().first;
        response.contentLength = m_ranges.front().size();
        return false;
    }
    return false;
}

void FileResponder::attachBody(FileCache::Representation &found, std::uint64_t offset, Response &response)
{
    const FileCache::Entry &chosen = *found.chosen;
    if (chosen.haveContent) {
        response.body = std::string_view(chosen.content)
                            .substr(std::size_t(offset), std::size_t(response.contentLength));
        if (found.fd.isValid()) {
            // The same bytes in the file: the connection picks (Response::file).
            response.file = std::move(found.fd);
            response.fileOffset = offset;
        }
    } else {
        response.file = std::move(found.fd);
        response.fileOffset = offset;
    }
}

bool FileResponder::answerMultipart(
    const FileCache::Entry &representation, int fd, std::string_view contentType, Response &response)
{
    const std::uint64_t length = representation.stat.size;
    const std::uint64_t limit = std::min(kMultipartLimit, 2 * length);
    std::uint64_t estimate = 0;
    for (const Ranges::Range &range : m_ranges)
        estimate += range.size() + 80 + contentType.size();
    if (estimate > limit || (!representation.haveContent && fd < 0))
        return false;

    // The boundary must not occur in the parts (RFC 2046 §5.1.1): 16 hex
    // digits that change per response make that as unlikely as can be.
    std::string boundary = "hb";
    FieldText::appendNumber(boundary,
        std::hash<std::string_view> {}(response.etag)
            ^ (std::uint64_t(++m_boundaryCounter) * 0x9E3779B97F4A7C15ull),
        16);
    m_body.clear();
    for (const Ranges::Range &range : m_ranges) {
        m_body.append("\r\n--").append(boundary).append("\r\nContent-Type: ").append(contentType);
        m_body.append("\r\nContent-Range: bytes ");
        FieldText::appendNumber(m_body, range.first);
        m_body.append(1, '-');
        FieldText::appendNumber(m_body, range.last);
        m_body.append(1, '/');
        FieldText::appendNumber(m_body, length);
        m_body.append("\r\n\r\n");
        if (representation.haveContent)
            m_body.append(std::string_view(representation.content)
                              .substr(std::size_t(range.first), std::size_t(range.size())));
        else if (!StaticFile::appendBytes(fd, range.first, range.size(), m_body))
            return false;
    }
    m_body.append("\r\n--").append(boundary).append("--\r\n");
    if (m_body.size() > limit)
        return false;
    m_multipartType.assign("multipart/byteranges; boundary=").append(boundary);
    response.status = 206;
    response.contentType = m_multipartType;
    response.body = m_body;
    response.contentLength = m_body.size();
    return true;
}

} // namespace hostbench::http
