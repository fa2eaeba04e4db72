#include "DirectoryListing.h"

#include "http/HttpDate.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

namespace hostbench::http {

bool DirectoryListing::read(int directoryFd, std::vector<Entry> &entries, bool showHidden)
{
    entries.clear();
    DIR *directory = ::fdopendir(directoryFd);
    if (!directory) {
        ::close(directoryFd);
        return false;
    }
    while (const dirent *item = ::readdir(directory)) {
        const std::string_view name(item->d_name);
        if (name.empty() || name == "." || name == ".." || (name.front() == '.' && !showHidden))
            continue;
        struct stat status;
        // No AT_SYMLINK_NOFOLLOW: a link shows as what it points to; serving it
        // still goes through StaticFile's checks.
        if (::fstatat(::dirfd(directory), item->d_name, &status, 0) != 0)
            continue;
        if (!S_ISREG(status.st_mode) && !S_ISDIR(status.st_mode))
            continue;
        Entry entry;
        entry.name.assign(name);
        entry.isDirectory = S_ISDIR(status.st_mode);
        entry.size = entry.isDirectory ? 0 : std::uint64_t(status.st_size);
        entry.modified = status.st_mtim.tv_sec;
        entries.push_back(std::move(entry));
    }
    ::closedir(directory);
    return true;
}

void DirectoryListing::sort(std::vector<Entry> &entries)
{
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        if (a.isDirectory != b.isDirectory)
            return a.isDirectory;
        return a.name < b.name;
    });
}

void DirectoryListing::appendHtmlEscaped(std::string_view text, std::string &out)
{
    for (const char c : text) {
        switch (c) {
        case '&':
            out.append("&amp;");
            break;
        case '<':
            out.append("&lt;");
            break;
        case '>':
            out.append("&gt;");
            break;
        case '"':
            out.append("&quot;");
            break;
        case '\'':
            out.append("&#39;");
            break;
        default:
            out.push_back(c);
        }
    }
}

void DirectoryListing::appendPercentEncoded(std::string_view text, std::string &out)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        // RFC 3986 unreserved plus the sub-delims that are harmless in a path segment.
        const bool plain = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z')
            || (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~' || c == '!'
            || c == '$' || c == '(' || c == ')' || c == '*' || c == '+' || c == ',' || c == '=' || c == ':'
            || c == '@';
        if (plain) {
            out.push_back(c);
        } else {
            out.push_back('%');
            out.push_back(kHex[byte >> 4]);
            out.push_back(kHex[byte & 15]);
        }
    }
}

void DirectoryListing::render(std::string_view urlPath, const std::vector<Entry> &entries, std::string &out)
{
    out.clear();
    out.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Index of ");
    appendHtmlEscaped(urlPath, out);
    out.append("</title></head>\n<body><h1>Index of ");
    appendHtmlEscaped(urlPath, out);
    out.append("</h1>\n<table>\n<tr><th>Name</th><th>Size</th><th>Last modified</th></tr>\n");
    if (urlPath != "/")
        out.append("<tr><td><a href=\"../\">../</a></td><td>-</td><td></td></tr>\n");
    char date[HttpDate::kLength];
    for (const Entry &entry : entries) {
        out.append("<tr><td><a href=\"");
        appendPercentEncoded(entry.name, out);
        if (entry.isDirectory)
            out.push_back('/');
        out.append("\">");
        appendHtmlEscaped(entry.name, out);
        if (entry.isDirectory)
            out.push_back('/');
        out.append("</a></td><td>");
        if (entry.isDirectory) {
            out.push_back('-');
        } else {
            char digits[24];
            const auto result = std::to_chars(digits, digits + sizeof digits, entry.size);
            out.append(digits, std::size_t(result.ptr - digits));
        }
        out.append("</td><td>");
        HttpDate::format(entry.modified, date);
        out.append(date, sizeof date);
        out.append("</td></tr>\n");
    }
    out.append("</table>\n</body></html>\n");
}

} // namespace hostbench::http
