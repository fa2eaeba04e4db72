#include "MimeTypes.h"

#include <QMimeDatabase>
#include <QString>

#include <algorithm>
#include <array>
#include <utility>

namespace hostbench::http {

namespace {

// The types web pages depend on, as registered with IANA and as browsers
// require them (WebAssembly.instantiateStreaming refuses anything but
// application/wasm; RFC 9239 makes text/javascript the JavaScript type).
// shared-mime-info differs between hosts (Debian 12 has no .wasm, and calls
// .js application/javascript), so these never come from QMimeDatabase.
// Like nginx's default (charset off), no "; charset=" parameter.
constexpr std::array<std::pair<std::string_view, std::string_view>, 13> kWebTypes = { {
    { "avif", "image/avif" },
    { "css", "text/css" },
    { "htm", "text/html" },
    { "html", "text/html" },
    { "js", "text/javascript" },
    { "json", "application/json" },
    { "mjs", "text/javascript" },
    { "svg", "image/svg+xml" },
    { "wasm", "application/wasm" },
    { "webmanifest", "application/manifest+json" },
    { "webp", "image/webp" },
    { "woff", "font/woff" },
    { "woff2", "font/woff2" },
} };

std::string_view webType(std::string_view fileName)
{
    const std::size_t dot = fileName.rfind('.');
    if (dot == std::string_view::npos || fileName.size() - dot - 1 > 11)
        return {};
    char lower[12] = {};
    const std::string_view extension = fileName.substr(dot + 1);
    std::transform(extension.begin(), extension.end(), lower,
        [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; });
    const std::string_view key(lower, extension.size());
    for (const auto &[name, type] : kWebTypes) {
        if (name == key)
            return type;
    }
    return {};
}

} // namespace

std::string MimeTypes::lookup(std::string_view fileName)
{
    if (const std::string_view type = webType(fileName); !type.empty())
        return std::string(type);
    static const QMimeDatabase database;
    const QMimeType type = database.mimeTypeForFile(
        QString::fromUtf8(fileName.data(), qsizetype(fileName.size())), QMimeDatabase::MatchExtension);
    if (!type.isValid() || type.name().isEmpty())
        return "application/octet-stream";
    return type.name().toStdString();
}

std::string_view MimeTypes::typeFor(std::string_view fileName)
{
    if (const auto it = m_cache.find(fileName); it != m_cache.end())
        return it->second;
    if (m_cache.size() >= kMaxEntries)
        m_cache.clear();
    return m_cache.try_emplace(std::string(fileName), lookup(fileName)).first->second;
}

} // namespace hostbench::http
