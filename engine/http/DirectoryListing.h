#pragma once

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

/*
 * An HTML index of a directory (nginx's autoindex, lighttpd's
 * mod_dirlisting) for sites with VirtualHost::directoryListing.
 *
 * Entries: directories first, then files, each group sorted by name
 * byte-wise; names starting with '.' are left out (as nginx's autoindex
 * and Caddy's `hide` do: dot files are usually not meant for visitors)
 * unless the site serves them (VirtualHost::serveHiddenFiles), and so is anything
 * that is neither a regular file nor a directory. Each row shows the name
 * (HTML-escaped, the link percent-encoded), the size in bytes ("-" for a
 * directory) and the modification time (UTC). The title is the URL path;
 * the filesystem path never appears.
 *
 * read() runs on the worker (one readdir pass plus an fstatat per entry);
 * render() is a pure function. Any thread.
 */
class DirectoryListing final
{
public:
    struct Entry
    {
        std::string name;
        bool isDirectory = false;
        std::uint64_t size = 0;
        std::time_t modified = 0;
    };

    // Reads the directory open as `directoryFd` (O_RDONLY | O_DIRECTORY; consumed). False on error.
    // `showHidden`: names starting with '.' are listed too ("." and ".." never).
    static bool read(int directoryFd, std::vector<Entry> &entries, bool showHidden = false);
    static void sort(std::vector<Entry> &entries);
    // `urlPath`: the decoded path of the directory, ending in '/'.
    static void render(std::string_view urlPath, const std::vector<Entry> &entries, std::string &out);
    static void appendHtmlEscaped(std::string_view text, std::string &out);
    static void appendPercentEncoded(std::string_view text, std::string &out);
};

} // namespace hostbench::http
