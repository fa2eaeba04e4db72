// Fuzz target: the request-target phase (RequestTarget::split and
// normalizePath, RFC 9112 §3.2, RFC 3986 §5.2.4) and the virtual-host lookup
// (SiteTable::indexForHost, RFC 9110 §7.2). The input's first line is the
// Host value, the rest the request-target.
// Properties:
//  - a split target's path starts with '/', and its parts are views into it
//    (but for the "/" of an absolute-form target without a path);
//  - a normalised path starts with '/', has no empty, "." or ".." segment, no
//    NUL and no backslash, so a document root joined with it never climbs
//    out of the root; normalising it again (when it holds no '%' left to
//    decode) changes nothing; the same path normalises the same way twice;
//  - the lookup always names a site of the table; a host that is one of a
//    site's names (any case, any port, a trailing dot) finds the first site
//    that names it; one that no site names and that is not a NAME.localhost
//    form finds the default site.
#include "FuzzCheck.h"

#include "http/RequestTarget.h"
#include "http/SiteTable.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

using namespace hostbench;

namespace {

model::VirtualHost host(const char *name, QStringList aliases, bool isDefault)
{
    model::VirtualHost site;
    site.hostName = QString::fromLatin1(name);
    site.aliases = std::move(aliases);
    site.documentRoot = QStringLiteral("/nonexistent/fuzz/") + site.hostName;
    site.isDefault = isDefault;
    return site;
}

const http::SiteTable &table()
{
    static const std::shared_ptr<const http::SiteTable> built = [] {
        const QList<model::VirtualHost> hosts {
            host("a.test", { QStringLiteral("www.a.test") }, false),
            host("localhost", {}, true),
            host("b.test", { QStringLiteral("a.test"), QStringLiteral("::1") }, false),
        };
        QString error;
        auto result = http::SiteTable::build(hosts, 1, nullptr, false, &error);
        FUZZ_CHECK(result != nullptr);
        return result;
    }();
    return *built;
}

// The site that first names `name` (lower case), or -1.
int namedBy(std::string_view name)
{
    if (name == "a.test" || name == "www.a.test")
        return 0;
    if (name == "localhost")
        return 1;
    if (name == "b.test" || name == "::1")
        return 2;
    return -1;
}

bool insideOf(std::string_view part, std::string_view whole)
{
    return part.empty()
        || (part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size());
}

void checkNormalised(std::string_view raw)
{
    std::string out;
    const char *reason = nullptr;
    const bool ok = http::RequestTarget::normalizePath(raw, out, &reason);
    std::string again;
    FUZZ_CHECK(http::RequestTarget::normalizePath(raw, again) == ok);
    if (!ok) {
        FUZZ_CHECK(reason != nullptr);
        return;
    }
    FUZZ_CHECK(again == out);
    FUZZ_CHECK(!out.empty() && out.front() == '/');
    FUZZ_CHECK(out.find('\0') == std::string::npos && out.find('\\') == std::string::npos);
    // Segments between slashes; the last one may be empty (a directory).
    size_t start = 1;
    while (start <= out.size()) {
        const size_t end = std::min(out.find('/', start), out.size());
        const std::string_view segment(out.data() + start, end - start);
        FUZZ_CHECK(segment != "." && segment != "..");
        FUZZ_CHECK(!segment.empty() || end == out.size());
        start = end + 1;
    }
    if (out.find('%') == std::string::npos) {
        std::string twice;
        FUZZ_CHECK(http::RequestTarget::normalizePath(out, twice));
        FUZZ_CHECK(twice == out);
    }
}

void checkLookup(std::string_view hostField)
{
    const http::SiteTable &sites = table();
    const size_t index = sites.indexForHost(hostField);
    FUZZ_CHECK(index < sites.size());
    FUZZ_CHECK(sites.indexForHost(hostField) == index);
    const std::string_view bare = http::SiteTable::hostWithoutPort(hostField);
    FUZZ_CHECK(insideOf(bare, hostField));
    std::string lower(bare);
    std::transform(
        lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const int named = namedBy(lower);
    if (named >= 0)
        FUZZ_CHECK(index == size_t(named));
    else if (lower.find(".localhost") == std::string::npos)
        FUZZ_CHECK(index == sites.defaultIndex());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 16384)
        return 0;
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const size_t newline = input.find('\n');
    const std::string_view hostField = input.substr(0, newline);
    const std::string_view target
        = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);

    checkLookup(hostField);

    http::RequestTarget parts;
    if (http::RequestTarget::split(target, parts)) {
        FUZZ_CHECK(!parts.path.empty() && parts.path.front() == '/');
        // Views into the target; an absolute-form target without a path gets a static "/".
        FUZZ_CHECK(insideOf(parts.path, target) || parts.path == "/");
        FUZZ_CHECK(insideOf(parts.query, target) && insideOf(parts.authority, target));
        checkNormalised(parts.path);
        if (!parts.authority.empty())
            checkLookup(parts.authority);
    }
    // The raw input as a path too, whatever split thinks of it.
    if (!target.empty() && target.front() == '/')
        checkNormalised(target);
    return 0;
}
